fn main() -> std::process::ExitCode {
    api::cli::main()
}
