// `npm start`: install what is missing, build, and serve the app on localhost.
import { spawn, spawnSync } from 'node:child_process';
import { ROOT, ensureDependencies } from './setup.mjs';

ensureDependencies();
console.log('> building the app (vite build)…');
if (spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' }).status !== 0)
  process.exit(1);
const port = process.env.PORT ?? '4173';
const server = spawn('npx', ['vite', 'preview', '--port', port, '--host', 'localhost'], {
  cwd: ROOT,
  stdio: ['ignore', 'pipe', 'inherit'],
});
let announced = false;
server.stdout.on('data', (chunk) => {
  const text = chunk.toString();
  const url = /http:\/\/localhost:\d+\/?/.exec(text.replace(/\x1b\[[0-9;]*m/g, ''));
  if (url && !announced) {
    announced = true;
    console.log(`\nD3D12 Lab is running at ${url[0]}  (Ctrl+C to stop)\n`);
  }
});
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
