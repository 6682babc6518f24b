// Integration tests sign in many times a second; the rate-limit test sets its own low limit.
process.env.AUTH_RATE_LIMIT ||= '100000';
