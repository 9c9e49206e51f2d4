// A throwaway self-signed certificate and key for the HTTPS fixture server (CN "stackyard ingestion test
// fixture", subjectAltName DNS:rocket.test and IP:127.0.0.1, valid until 2126). Test material only: it protects
// nothing and is trusted only by tests that pass it as `ca`.
export const fixtureCertificate = `-----BEGIN CERTIFICATE-----
MIIBzDCCAXGgAwIBAgIUNaDeIVVJUDmf71tMhMNpU8XpfakwCgYIKoZIzj0EAwIw
KzEpMCcGA1UEAwwgc3RhY2t5YXJkIGluZ2VzdGlvbiB0ZXN0IGZpeHR1cmUwIBcN
MjYxMTIxMTMxNTE0WhgPMjEyNjEwMjgxMzE1MTRaMCsxKTAnBgNVBAMMIHN0YWNr
eWFyZCBpbmdlc3Rpb24gdGVzdCBmaXh0dXJlMFkwEwYHKoZIzj0CAQYIKoZIzj0D
AQcDQgAERU8HDD0KDUu7BgvisGl6a9/Sbf6SKsNxLCYwLw/QgYGfs78lgbByuV4s
hqgV1A4iRYNjtFpnQKRyEB1dfOyLhKNxMG8wHQYDVR0OBBYEFK744DGtUoPionOZ
bbmWJFisqMlXMB8GA1UdIwQYMBaAFK744DGtUoPionOZbbmWJFisqMlXMA8GA1Ud
EwEB/wQFMAMBAf8wHAYDVR0RBBUwE4ILcm9ja2V0LnRlc3SHBH8AAAEwCgYIKoZI
zj0EAwIDSQAwRgIhAIUFVW8+ixEACbuWn40hNMAXm8/I6ps02/XBH9V78zB/AiEA
uQqxU2erjUxHBuka1QGQ+GvZXRvXENe21FlFa2Q/0bk=
-----END CERTIFICATE-----
`;

export const fixtureKey = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgNwBbppnHr74XU8v0
O9krPh7z1kX2ChcEKhlv7jaPZLGhRANCAARFTwcMPQoNS7sGC+KwaXpr39Jt/pIq
w3EsJjAvD9CBgZ+zvyWBsHK5XiyGqBXUDiJFg2O0WmdApHIQHV187IuE
-----END PRIVATE KEY-----
`;
