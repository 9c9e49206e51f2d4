// A benchmark sends from one address and a few users far more than the API's rate limits allow a client:
// what it times is the work of a request, not the refusal of one.
export const UNLIMITED = {
  API_RATE_LIMIT_PER_CALLER: '1000000000',
  API_RATE_LIMIT_PER_IP: '1000000000',
};
