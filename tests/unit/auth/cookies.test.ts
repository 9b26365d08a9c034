import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import {
  clearOauthCookie,
  clearSessionCookie,
  OAUTH_COOKIE,
  oauthCookie,
  presentedOauthValue,
  presentedSessionToken,
  sessionCookie,
} from "../../../src/server/auth/cookies.ts";

const http = { publicUrl: "http://127.0.0.1:3000" };
const https = { publicUrl: "https://crate.example" };
const key = Buffer.alloc(32, 7);

const attributes = (line: string) => line.split("; ").slice(1).sort();

describe("session cookie", () => {
  test("over http: HttpOnly, SameSite=Lax, Path=/, sixty days", () => {
    const line = sessionCookie(http, "token-1");
    expect(line.startsWith("crate_session=token-1; ")).toBe(true);
    expect(attributes(line)).toEqual(["HttpOnly", "Max-Age=5184000", "Path=/", "SameSite=Lax"]);
  });

  test("over https: a __Host- cookie, Secure, with the same attributes", () => {
    const line = sessionCookie(https, "token-1");
    expect(line.startsWith("__Host-crate_session=token-1; ")).toBe(true);
    expect(attributes(line)).toEqual(["HttpOnly", "Max-Age=5184000", "Path=/", "SameSite=Lax", "Secure"]);
  });

  test("clearing it empties the value under the same name and path", () => {
    expect(clearSessionCookie(http)).toStartWith("crate_session=; Max-Age=0; Path=/");
    expect(clearSessionCookie(https)).toStartWith("__Host-crate_session=; Max-Age=0; Path=/");
  });

  test("over https only the __Host- name is read", async () => {
    const app = new Hono().get("/", (c) => c.text(presentedSessionToken(c, https) ?? "none"));
    const read = async (cookie: string) => (await app.request("/", { headers: { Cookie: cookie } })).text();
    expect(await read("__Host-crate_session=good")).toBe("good");
    expect(await read("crate_session=planted")).toBe("none");
  });
});

describe("OAuth cookie", () => {
  const app = new Hono().get("/", async (c) => c.text((await presentedOauthValue(c, key)) ?? "refused"));
  const read = async (cookie: string) => (await app.request("/", { headers: { Cookie: cookie } })).text();
  const pairOf = (line: string) => line.slice(0, line.indexOf(";"));

  test("scoped to /api/authorize for ten minutes, HttpOnly, SameSite=Lax, Secure over https", async () => {
    expect(attributes(await oauthCookie(http, "payload", key))).toEqual([
      "HttpOnly",
      "Max-Age=600",
      "Path=/api/authorize",
      "SameSite=Lax",
    ]);
    expect(attributes(await oauthCookie(https, "payload", key))).toContain("Secure");
    expect(clearOauthCookie(http)).toStartWith(`${OAUTH_COOKIE}=; Max-Age=0; Path=/api/authorize`);
  });

  test("its value comes back only with the signature it was set with", async () => {
    const line = await oauthCookie(http, "payload", key);
    expect(await read(pairOf(line))).toBe("payload");
    expect(await read(pairOf(line).replace("payload", "payloaD"))).toBe("refused");
    expect(await read(pairOf(await oauthCookie(http, "payload", Buffer.alloc(32, 8))))).toBe("refused");
    expect(await read(`${OAUTH_COOKIE}=payload`)).toBe("refused");
    expect(await read("other=1")).toBe("refused");
  });
});
