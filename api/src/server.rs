//! The HTTP server loop: poem's endpoint served by hyper with the limits a public service needs, which poem's own
//! server does not expose: a bound on open connections (further clients wait in the listen backlog) and a timeout
//! for reading a request's headers (a client that trickles its headers, or idles on a kept-alive connection, is
//! closed). Bodies are bounded by `hardening`.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use poem::http::uri::Scheme;
use poem::web::{LocalAddr, RemoteAddr};
use poem::{Addr, Endpoint, EndpointExt};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// The server's connection limits.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub max_connections: usize,
    pub header_read_timeout: Duration,
}

/// Serves `app` on `listener` until the task is dropped.
pub async fn serve<E>(listener: TcpListener, app: E, limits: Limits) -> std::io::Result<()>
where
    E: Endpoint + 'static,
{
    let app = Arc::new(app.map_to_response());
    let permits = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let local = listener.local_addr()?;
    loop {
        // At the bound, stop accepting: new clients wait in the kernel's backlog instead of exhausting memory and
        // database connections.
        let Ok(permit) = Arc::clone(&permits).acquire_owned().await else { return Ok(()) };
        let (stream, remote) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Running out of file descriptors and the like: pause instead of spinning.
                tracing::warn!(error = %e, "accept failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let app = Arc::clone(&app);
        tokio::spawn(async move {
            let _permit = permit;
            let service = hyper::service::service_fn(move |req: hyper::Request<Incoming>| {
                let app = Arc::clone(&app);
                async move {
                    let req = poem::Request::from((req, LocalAddr(Addr::SocketAddr(local)), RemoteAddr(Addr::SocketAddr(remote)), Scheme::HTTP));
                    let resp = app.get_response(req).await;
                    let resp: hyper::Response<_> = resp.into();
                    Ok::<_, Infallible>(resp)
                }
            });
            let mut builder = auto::Builder::new(TokioExecutor::new());
            builder.http1().timer(TokioTimer::new()).header_read_timeout(limits.header_read_timeout);
            if let Err(e) = builder.serve_connection_with_upgrades(TokioIo::new(stream), service).await {
                tracing::debug!(error = %e, "connection ended with an error");
            }
        });
    }
}
