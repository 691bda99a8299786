// The migrations are embedded at compile time: rebuild when a file is added to either set, not only when one
// already known changes.
fn main() {
    println!("cargo:rerun-if-changed=global");
    println!("cargo:rerun-if-changed=tenant");
}
