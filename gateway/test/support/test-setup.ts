// Integration tests sign in many times a second; the rate-limit test sets its own low limit.
process.env.AUTH_RATE_LIMIT ||= '100000';
// The test client stands where the ingress would (loopback is the trusted proxy), so a test can say which
// address a request comes from with X-Forwarded-For, as the ingress would append it.
process.env.TRUSTED_PROXIES ||= '127.0.0.1,::1';
