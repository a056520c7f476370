// Public half of the fallback login-encryption key, used by the web app when GET /publicEncryptionKey fails.
// Its private half ships with the server (apps/server/src/platform/auth/fallback-private-key.ts): it protects
// the password only as much as TLS does, which is why the server prefers its own per-installation key.
export const fallbackPublicKeyPem = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAx+Be7eeUUoc1KX/aAIUu
TpQGWknc0SjCldoRsoskuT9ommUu5vuYoBSUMPIAMJVm4X1uhrie3W5xWTuIRXo2
xkkzaMliFG0b2ejR8nUhkUBvmxz+cc4lvIt6H8wpMJJYdVX3gwZhLCqgbiajqoE1
2SxspEhIgZ23uzw0wSjSvxP7Rf0EwFSEYtdkorCPNnB82jG/mcQ+BcHuD64tj1rN
NUdAFXBAnjbNwU9N6XFVAjrXuOJl64R0UaHdKEsIbevaNc7lNqSA2wlFi2zChjlW
LaxUUtshvXJ7zJ/0Wq971Dn4HalTefJgx8xvEiQ9PqrmyoRszWxZiNRkBY626rkH
DQIDAQAB
-----END PUBLIC KEY-----`;
