/**
 * The web page version of the WalletConnect test wallet: paste a wc: URI, see the proposal,
 * approve/reject it and each request. Settings come from the query string:
 *   ?relay=ws://127.0.0.1:8787/relay&account=0&rpc=eip155:31337=http://127.0.0.1:8545&rpc=solana:…=http://127.0.0.1:8899&auto=1
 * The Solana account is the local chain's dev account of the same number (0 when there is none).
 */
import { DEV_ACCOUNTS } from '@portico/devnet/constants'
import { SOLANA_DEV_ACCOUNTS, SOLANA_DEVNET_CAIP2, SOLANA_DEVNET_PORTS } from '@portico/devnet/solana-constants'
import { localStorageStorage } from '../storage'
import { createWalletConnectTestWallet, type PendingItem, type WalletConnectTestWallet } from '../wallet'

const query = new URLSearchParams(location.search)
const host = location.hostname || '127.0.0.1'
const settings = {
  relay: query.get('relay') ?? `ws://${host}:8787/relay`,
  account: Number(query.get('account') ?? 0),
  rpc: query.getAll('rpc').length
    ? Object.fromEntries(query.getAll('rpc').map((e) => e.split(/=(.*)/s, 2) as [string, string]))
    : { 'eip155:31337': `http://${host}:8545`, 'eip155:31338': `http://${host}:8546`, [SOLANA_DEVNET_CAIP2]: `http://${host}:${SOLANA_DEVNET_PORTS.rpc}` },
  auto: query.get('auto') === '1',
  projectId: query.get('projectId') ?? 'portico-dev',
}

const app = document.getElementById('app')!
const h = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]) => {
  const el = document.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v)
  el.append(...children)
  return el
}
const button = (label: string, testId: string, onClick: () => void, cls = '') => {
  const b = h('button', { 'data-testid': testId, class: cls, type: 'button' }, label)
  b.addEventListener('click', onClick)
  return b
}
const short = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2)
  return text.length > 2000 ? `${text.slice(0, 2000)}…` : text
}

function settingsSection() {
  const relay = h('input', { type: 'text', id: 'relay', value: settings.relay })
  const account = h('select', { id: 'account' }, ...DEV_ACCOUNTS.map((a, i) => h('option', { value: String(i) }, `#${i} ${a.address}`)))
  account.value = String(settings.account)
  const auto = h('input', { type: 'checkbox', id: 'auto', 'data-testid': 'wc-wallet-auto' })
  auto.checked = settings.auto
  return h(
    'section',
    {},
    h('h2', {}, 'Settings'),
    h('label', { for: 'relay' }, 'Relay URL'),
    relay,
    h('label', { for: 'account' }, 'Dev account'),
    account,
    h('label', {}, auto, ' Approve everything automatically'),
    button(
      'Apply (reloads)',
      'wc-wallet-apply',
      () => {
        const q = new URLSearchParams(location.search)
        q.set('relay', relay.value.trim())
        q.set('account', account.value)
        q.set('auto', auto.checked ? '1' : '0')
        location.search = q.toString()
      },
      'secondary',
    ),
  )
}

function render(wallet: WalletConnectTestWallet) {
  const uri = h('textarea', { id: 'uri', 'data-testid': 'wc-wallet-uri', placeholder: 'wc:…@2?relay-protocol=irn&symKey=…' })
  const pairError = h('p', { class: 'error', 'data-testid': 'wc-wallet-error' })
  const pairSection = h(
    'section',
    {},
    h('h2', {}, 'Connect to a dapp'),
    h('label', { for: 'uri' }, 'Paste the WalletConnect URI (Copy link in the Portico modal)'),
    uri,
    button('Pair', 'wc-wallet-pair', () => {
      pairError.textContent = ''
      wallet.pair(uri.value.trim()).then(
        () => (uri.value = ''),
        (e: Error) => (pairError.textContent = e.message),
      )
    }),
    pairError,
  )
  const pendingBox = h('div', { 'data-testid': 'wc-wallet-pending' })
  const sessionsBox = h('div', { 'data-testid': 'wc-wallet-sessions' })
  const evmChains = Object.keys(settings.rpc).filter((c) => c.startsWith('eip155:'))
  const chainSelect = h('select', { id: 'chain', 'data-testid': 'wc-wallet-chain' }, ...evmChains.map((c) => h('option', { value: c }, c)))
  chainSelect.addEventListener('change', () => void wallet.switchChain(chainSelect.value))
  const log = h('div', { id: 'log', 'data-testid': 'wc-wallet-log' })
  app.replaceChildren(
    h(
      'section',
      {},
      h('h2', {}, 'Account'),
      h('div', { class: 'mono', 'data-testid': 'wc-wallet-address' }, wallet.address),
      ...(wallet.solanaAddress ? [h('div', { class: 'mono', 'data-testid': 'wc-wallet-solana-address' }, `Solana ${wallet.solanaAddress}`)] : []),
      h('label', { for: 'chain' }, 'Network'),
      chainSelect,
      h('p', { class: 'muted' }, `Relay ${settings.relay}`),
    ),
    pairSection,
    h('section', {}, h('h2', {}, 'Waiting for you'), pendingBox),
    h('section', {}, h('h2', {}, 'Sessions'), sessionsBox),
    h('section', {}, h('h2', {}, 'Activity'), log),
    settingsSection(),
  )

  const pendingCard = (item: PendingItem) => {
    // A one-click sign-in request is a 'proposal' without one: its summary says what it asks.
    const details = item.request
      ? { chainId: item.request.chainId, params: item.request.params }
      : item.proposal
        ? { dapp: item.proposal.proposer.metadata, required: item.proposal.requiredNamespaces, optional: item.proposal.optionalNamespaces }
        : {}
    return h(
      'div',
      { class: 'card', 'data-testid': `wc-wallet-pending-${item.kind}` },
      h('strong', {}, item.request ? `Request: ${item.request.method}` : item.proposal ? 'Session proposal' : 'Sign-in request'),
      h('div', { class: 'muted' }, item.summary),
      h('pre', {}, short(details)),
      button('Approve', `wc-wallet-approve`, () => wallet.decide(item.key, 'approve')),
      button('Reject', `wc-wallet-reject`, () => wallet.decide(item.key, 'reject'), 'danger'),
    )
  }
  const update = () => {
    const pending = wallet.pending()
    pendingBox.replaceChildren(...(pending.length ? pending.map(pendingCard) : [h('p', { class: 'muted' }, 'Nothing to approve.')]))
    const sessions = wallet.sessions()
    sessionsBox.replaceChildren(
      ...(sessions.length
        ? sessions.map((s) =>
            h(
              'div',
              { class: 'card', 'data-testid': 'wc-wallet-session' },
              h('strong', {}, s.peer.metadata.name),
              h(
                'div',
                { class: 'muted' },
                `${s.peer.metadata.url} · ${Object.values(s.namespaces)
                  .flatMap((n) => n.chains ?? [])
                  .join(', ')}`,
              ),
              button('Disconnect', 'wc-wallet-disconnect', () => void wallet.disconnect(s.topic).then(update), 'danger'),
            ),
          )
        : [h('p', { class: 'muted' }, 'No session yet.')]),
    )
    if (evmChains.includes(wallet.currentChain())) chainSelect.value = wallet.currentChain()
    log.textContent = wallet.log().slice().reverse().join('\n')
  }
  wallet.onChange(update)
  wallet.client.on('session_delete', update)
  update()
}

async function start() {
  const privateKey = DEV_ACCOUNTS[settings.account]?.privateKey ?? DEV_ACCOUNTS[0]!.privateKey
  const prefix = `portico-wc-wallet:${settings.account}:`
  const wallet = await createWalletConnectTestWallet({
    relayUrl: settings.relay,
    projectId: settings.projectId,
    privateKey,
    rpc: settings.rpc,
    solanaAccount: SOLANA_DEV_ACCOUNTS[settings.account] ? settings.account : 0,
    autoApprove: settings.auto,
    storage: localStorageStorage(prefix),
    storagePrefix: prefix,
    metadata: { name: 'Portico WalletConnect Test Wallet', description: 'Development only', url: location.origin, icons: [] },
    logLevel: 'warn',
  })
  ;(window as unknown as { porticoWcWallet: WalletConnectTestWallet }).porticoWcWallet = wallet
  render(wallet)
}

start().catch((error: Error) => {
  app.replaceChildren(
    h('section', {}, h('h2', { class: 'error' }, 'The wallet could not start'), h('pre', {}, error.stack ?? error.message), settingsSection()),
  )
})
