/**
 * What Engram runs with: {@code config} (home, project and the effective settings) and {@code usage}
 * (today's model token ledger against the caps on background work).
 */
package io.engram.cli.config;
