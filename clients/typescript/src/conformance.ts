#!/usr/bin/env node
// The conformance runner: node dist/conformance.js VECTORS_DIR [--target URL] [--timeout-ms N] [--token TOKEN]
//   [--ca PEM] [--cert PEM --key PEM] [--grpc-web | --stream]
// With --grpc-web it goes through the browser entry's transport (gRPC-Web over fetch) to an HTTP front (Envoy);
// with --stream, through stream mode (each call a message on its service's Stream RPC).
// Prints one line per failing case and ends with "N passed, M failed"; exits 1 when M > 0 or no case ran.
// The token may come from the environment variable CARDRULES_TOKEN instead, which keeps it out of process lists.
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import type { Transport } from "@connectrpc/connect";
import { checkToken } from "./auth.js";
import { createNodeTransport, createStreamTransport, type NodeClientOptions } from "./node-transport.js";
import { runConformance } from "./runner.js";
import { createWebTransport } from "./web-transport.js";

const USAGE =
  "usage: node dist/conformance.js VECTORS_DIR [--target http://127.0.0.1:50051] [--timeout-ms 10000]\n" +
  "       [--token TOKEN (default: $CARDRULES_TOKEN)] [--ca CA.pem] [--cert CLIENT.pem --key CLIENT-KEY.pem]\n" +
  "       [--grpc-web (through an HTTP front such as Envoy, e.g. --target http://127.0.0.1:8080)\n" +
  "        | --stream (each call a message on its service's Stream RPC)]";
const TOKEN_ENV = "CARDRULES_TOKEN";

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {
        target: { type: "string", default: "http://127.0.0.1:50051" },
        // Longer than the SDK's 2 s default: conformance includes the largest requests the contract allows.
        "timeout-ms": { type: "string", default: "10000" },
        token: { type: "string" },
        ca: { type: "string" },
        cert: { type: "string" },
        key: { type: "string" },
        "grpc-web": { type: "boolean", default: false },
        stream: { type: "boolean", default: false },
      },
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const [dir, ...extra] = args.positionals;
  const timeoutMs = Number(args.values["timeout-ms"]);
  if (dir === undefined || extra.length > 0 || !Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    console.error(USAGE);
    return 2;
  }
  const { cert, key } = args.values;
  if ((cert === undefined) !== (key === undefined)) {
    console.error(`--cert and --key go together\n${USAGE}`);
    return 2;
  }
  const web = args.values["grpc-web"];
  if (web && args.values.stream) {
    console.error(`--grpc-web and --stream do not go together: browsers' gRPC-Web has no bidirectional streams\n${USAGE}`);
    return 2;
  }
  if (web && (args.values.ca !== undefined || cert !== undefined)) {
    console.error(`--ca, --cert and --key are for gRPC; with --grpc-web the system's TLS settings apply\n${USAGE}`);
    return 2;
  }
  const token = args.values.token ?? (process.env[TOKEN_ENV] || undefined);
  try {
    if (token !== undefined) {
      checkToken(token);
    }
  } catch (error) {
    console.error(`bad token: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  // Files unreadable here reject main(): a setup failure, exit 2.
  const options: NodeClientOptions = {
    timeoutMs,
    ...(token === undefined ? {} : { token }),
    ...(args.values.ca === undefined ? {} : { ca: await readFile(args.values.ca) }),
    ...(cert === undefined ? {} : { cert: await readFile(cert) }),
    ...(key === undefined ? {} : { key: await readFile(key) }),
  };
  const stream = args.values.stream ? createStreamTransport(args.values.target, options) : undefined;
  const transport: Transport =
    stream ?? (web ? createWebTransport(args.values.target, options) : createNodeTransport(args.values.target, options));
  const result = await runConformance(dir, transport).finally(() => stream?.close());
  for (const failure of result.failures) {
    console.log(`FAIL ${failure.file} :: ${failure.name}: ${failure.difference}`);
  }
  console.log(`${result.passed} passed, ${result.failed} failed`);
  return result.failed > 0 || result.passed === 0 ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Only setup failures get here (an unreadable directory or certificate, TLS options for an http:// target):
    // every case's own failure is reported above.
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
  },
);
