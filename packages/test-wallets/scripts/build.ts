// npm run build -w @portico/test-wallets  ->  dist/injected.js
import { statSync } from 'node:fs';
import { buildInjectedBundle } from '../src/node';

const out = await buildInjectedBundle();
console.log(`built ${out} (${(statSync(out).size / 1024).toFixed(1)} kB)`);
