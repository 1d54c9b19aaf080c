// Child process of signInAttacks.test.ts: sends N concurrent requests so the load does not share
// the server's event loop, and prints "started" then one JSON line of statuses.
//   login: staff logins for one id from one address, the right password last
//   control: as many GET /api/maintenance (the same traffic without any password to check)
const [url, apiKey, kind, staffId, rightPassword, count, address] = process.argv.slice(2);
const headers = { "content-type": "application/json", "x-api-key": apiKey, "x-forwarded-for": address };
const send = (password) =>
  (kind === "login"
    ? fetch(`${url}/api/staff/login`, {
        method: "POST",
        headers,
        body: JSON.stringify({ staff_id: staffId, password }),
      })
    : fetch(`${url}/api/maintenance`, { headers })
  ).then(async (res) => {
    await res.arrayBuffer();
    return res.status;
  });
const wrong = Array.from({ length: Number(count) - 1 }, (_, i) => send(`Burst-wrong-${i}`));
const last = send(rightPassword);
process.stdout.write("started\n");
const statuses = await Promise.all([...wrong, last]);
process.stdout.write(`${JSON.stringify(statuses)}\n`);
