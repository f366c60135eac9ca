/**
 * `npm start -w @portico/devnet`: starts the devnet with default ports, prints
 * what a developer needs to configure a wallet/dapp, and stays up until Ctrl-C.
 * Flags: --random-ports, --verbose
 */
import { startDevnet } from './index';

const args = new Set(process.argv.slice(2));
const devnet = await startDevnet({ randomPorts: args.has('--random-ports'), verbose: args.has('--verbose') });

const lines = ['', 'Portico devnet is running (development only; keys below are public).', ''];
for (const c of devnet.chains) {
  lines.push(`  ${c.name} (chain id ${c.chainId})`, `    RPC   ${c.rpcUrl}`, `    USDC  ${c.usdc}`, `    NFT   ${c.nft}`, '');
}
lines.push(`  Fixtures  ${devnet.fixturesUrl}  (e.g. ${devnet.fixturesUrl}/nft/${devnet.chains[0].chainId}/1.json)`, '');
lines.push('  Accounts (10,000 ETH and 10,000 USDC each; NFT #1-3 -> account 0, #4-5 -> account 1)');
devnet.accounts.forEach((a, i) => lines.push(`    (${i}) ${a.address}  ${a.privateKey}`));
lines.push('', 'Press Ctrl-C to stop.', '');
console.log(lines.join('\n'));

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await devnet.stop();
  console.log('devnet stopped');
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
