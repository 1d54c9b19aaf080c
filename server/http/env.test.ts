import { describe, expect, it } from "vitest";
import { limitedNetwork } from "./env.ts";

describe("limitedNetwork: what the address limits count", () => {
  it("an IPv4 address as it is, also written IPv4-mapped", () => {
    expect(limitedNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(limitedNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(limitedNetwork("::FFFF:203.0.113.7")).toBe("203.0.113.7");
  });

  it("an IPv6 address by its /64, however it is written", () => {
    const network = "2001:db8:0:66::/64";
    for (const address of [
      "2001:db8:0:66::1",
      "2001:db8:0:66:ffff:ffff:ffff:ffff",
      "2001:0DB8:0000:0066:0:0:0:9",
      "2001:db8:0:66::1%eth0",
      "2001:db8:0:66:1::",
    ])
      expect(limitedNetwork(address), address).toBe(network);
    expect(limitedNetwork("2001:db8:0:67::1")).toBe("2001:db8:0:67::/64");
    expect(limitedNetwork("::1")).toBe("0:0:0:0::/64");
    expect(limitedNetwork("fe80::1")).toBe("fe80:0:0:0::/64");
    expect(limitedNetwork("2001:db8::")).toBe("2001:db8:0:0::/64");
  });

  it("a dotted IPv4 tail counts as two groups", () => {
    expect(limitedNetwork("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(limitedNetwork("::1:2:3:4:5:192.0.2.1")).toBe("0:1:2:3::/64");
  });

  it("a port is dropped: IPv4 with or without one, IPv6 in brackets", () => {
    expect(limitedNetwork("203.0.113.7:51234")).toBe("203.0.113.7");
    expect(limitedNetwork("203.0.113.7:")).toBe("203.0.113.7");
    expect(limitedNetwork(" 203.0.113.7:443 ")).toBe("203.0.113.7");
    expect(limitedNetwork("[2001:db8:0:66::1]:443")).toBe("2001:db8:0:66::/64");
    expect(limitedNetwork("[2001:db8:0:66::2]")).toBe("2001:db8:0:66::/64");
    expect(limitedNetwork("[::ffff:203.0.113.7]:80")).toBe("203.0.113.7");
  });

  it("anything else (a proxy's odd entry, `unknown`) as it is", () => {
    expect(limitedNetwork("unknown")).toBe("unknown");
    expect(limitedNetwork("not-an-address")).toBe("not-an-address");
  });
});
