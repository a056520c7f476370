// Demo mode: runs a forward proxy (HTTP and SOCKS5, with a login) so /configuracoes/proxy can be tried without
// buying one.
//   npm run fake:proxy
// In /configuracoes/proxy, configure a "WhatsApp (QR code)" or Evolution connection with the printed address,
// username and password, and press "Testar". With no internet, point the test at any local page instead of
// WhatsApp Web: PROXY_CHECK_URL=http://127.0.0.1:3000/health npm run dev
import { startFakeProxy } from './forward-proxy.js';

const login = { username: 'prosa', password: 'proxy-demo' };
const proxy = await startFakeProxy({
  login,
  httpPort: Number(process.env.FAKE_PROXY_HTTP_PORT ?? 3960),
  socksPort: Number(process.env.FAKE_PROXY_SOCKS_PORT ?? 3961),
});
console.log(`Fake proxy
  HTTP:    ${proxy.httpUrl}
  SOCKS5:  ${proxy.socksUrl}
  Usuário / Username:  ${login.username}
  Senha / Password:    ${login.password}`);
setInterval(() => {
  for (const connection of proxy.connections.splice(0))
    console.log(`  ${connection.protocol} -> ${connection.target} (${connection.username ?? 'sem login'})`);
}, 1_000);
