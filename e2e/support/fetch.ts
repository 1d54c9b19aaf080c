/**
 * `fetch` for test code in Node, sent once more when the connection it went out on was closed
 * before any answer.
 *
 * Node's fetch keeps connections open between calls, and the server closes one left idle for
 * five seconds. A test process that blocks its own event loop for a while (decoding a QR code
 * with jsQR, say) can miss the close and send its next request down the dead connection; that
 * request never reached the server, so sending it again is safe. Browsers do the same for their
 * own requests.
 */
export async function testFetch(input: string | URL, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (error) {
    if (!closedBeforeAnswer(error)) throw error;
    return await fetch(input, init);
  }
}

function closedBeforeAnswer(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return error instanceof TypeError && cause?.code === "UND_ERR_SOCKET";
}
