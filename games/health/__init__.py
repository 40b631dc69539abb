"""`GET /health/` for the proxy and monitoring: is the site able to serve, and is its queue
keeping up. It says only what a monitor needs (each service up or down, two numbers), never a
host name, a version or an error text."""
