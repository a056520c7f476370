import type { FastifyInstance } from 'fastify';

/**
 * `GET /webchat.js`: what a tenant pastes into their site,
 * `<script src="https://prosa.example.com/webchat.js" data-token="TOKEN" async></script>`.
 * It adds a floating button that opens the visitor page (`/webchat/:token`) in an iframe served from the
 * script's own origin, so the chat runs on Prosa's origin and the host page never sees the visitor's session.
 * Plain ES5 and DOM calls only (no innerHTML): it runs on pages we know nothing about.
 * Optional attributes: `data-label` (button and frame title), `data-color` (hex), `data-position="left"`.
 */
export const webchatEmbedScript = `(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || window.__prosaWebchat) return;
  var token = script.getAttribute('data-token');
  if (!token) {
    if (window.console) console.warn('Prosa webchat: data-token is missing');
    return;
  }
  window.__prosaWebchat = true;
  var origin = new URL(script.src, window.location.href).origin;
  var label = script.getAttribute('data-label') || 'Fale conosco';
  var color = script.getAttribute('data-color') || '';
  if (!/^#[0-9a-fA-F]{3,8}$/.test(color)) color = '#5c67f2';
  var side = script.getAttribute('data-position') === 'left' ? 'left' : 'right';
  var layer = '2147483000';
  var frame = null;
  var open = false;

  var svgNs = 'http://www.w3.org/2000/svg';
  var icon = function (d) {
    var svg = document.createElementNS(svgNs, 'svg');
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('width', '28');
    svg.setAttribute('height', '28');
    svg.setAttribute('fill', 'none');
    svg.setAttribute('stroke', '#fff');
    svg.setAttribute('stroke-width', '2');
    svg.setAttribute('stroke-linecap', 'round');
    svg.setAttribute('stroke-linejoin', 'round');
    svg.setAttribute('aria-hidden', 'true');
    var path = document.createElementNS(svgNs, 'path');
    path.setAttribute('d', d);
    svg.appendChild(path);
    return svg;
  };
  var chatIcon = icon('M3 20l1.3-3.9A9 8 0 1 1 7.7 19L3 20');
  var closeIcon = icon('M18 6L6 18M6 6l12 12');

  var button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-label', label);
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('data-prosa-webchat', 'button');
  button.title = label;
  var b = button.style;
  b.position = 'fixed';
  b.bottom = '20px';
  b[side] = '20px';
  b.width = '56px';
  b.height = '56px';
  b.padding = '0';
  b.border = '0';
  b.borderRadius = '50%';
  b.background = color;
  b.boxShadow = '0 4px 14px rgba(0,0,0,.25)';
  b.cursor = 'pointer';
  b.display = 'flex';
  b.alignItems = 'center';
  b.justifyContent = 'center';
  b.zIndex = layer;
  button.appendChild(chatIcon);

  var place = function () {
    if (!frame) return;
    var small = window.innerWidth < 480;
    var f = frame.style;
    f.width = small ? '100vw' : '380px';
    f.height = small ? 'calc(100% - 88px)' : 'min(600px, calc(100vh - 108px))';
    f.bottom = '88px';
    f[side] = small ? '0' : '20px';
    f.borderRadius = small ? '0' : '12px';
  };

  var toggle = function () {
    if (!frame) {
      frame = document.createElement('iframe');
      frame.src = origin + '/webchat/' + encodeURIComponent(token);
      frame.title = label;
      frame.setAttribute('data-prosa-webchat', 'frame');
      var f = frame.style;
      f.position = 'fixed';
      f.border = '0';
      f.background = '#fff';
      f.boxShadow = '0 8px 30px rgba(0,0,0,.25)';
      f.zIndex = layer;
      place();
      document.body.appendChild(frame);
      window.addEventListener('resize', place);
    }
    open = !open;
    frame.style.display = open ? 'block' : 'none';
    button.setAttribute('aria-expanded', open ? 'true' : 'false');
    button.replaceChild(open ? closeIcon : chatIcon, open ? chatIcon : closeIcon);
  };
  button.addEventListener('click', toggle);

  var mount = function () {
    document.body.appendChild(button);
  };
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount);
})();
`;

/** CSP and X-Frame-Options as helmet sets them forbid framing; the visitor page alone may be framed anywhere. */
const framingAllowed = (url: string) => url.startsWith('/webchat/');

/**
 * Serves the embed script and lets the visitor page be framed by any site. Called on the root instance (not
 * `register`ed): the header hook must also reach the web app's index.html, which is served outside any route.
 * NOTE: framing is open for `/webchat/*` only: that page holds nothing but the visitor's own chat, so a
 * hostile frame gains nothing; staff pages keep `frame-ancestors 'self'`.
 */
export const registerWebchatEmbed = (app: FastifyInstance) => {
  app.get('/webchat.js', { schema: { tags: ['webchat'] } }, async (_req, reply) =>
    reply
      .header('Content-Type', 'text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      // Helmet's default `same-origin` would stop other sites from loading the script at all.
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(webchatEmbedScript),
  );
  app.addHook('onSend', async (request, reply, payload) => {
    if (!framingAllowed(request.url)) return payload;
    reply.removeHeader('x-frame-options');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string')
      reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
    return payload;
  });
};
