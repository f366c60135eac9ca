// Preloaded into the bundler (node --require): alto 0.0.20 binds 0.0.0.0 with no flag to change it, and the
// devnet serves on loopback only. Any listen on all interfaces becomes a listen on PORTICO_BIND_HOST.
const net = require('node:net')
const host = process.env.PORTICO_BIND_HOST || '127.0.0.1'
const listen = net.Server.prototype.listen
net.Server.prototype.listen = function (...args) {
  const o = args[0]
  if (o && typeof o === 'object' && (o.host === '0.0.0.0' || o.host === '::' || o.host === undefined)) args[0] = { ...o, host }
  return listen.apply(this, args)
}
