/**
 * What Engram runs with: {@code config} (home, project and the effective settings) and {@code usage}
 * (today's model token ledger against the caps on background work).
 *
 * <p>Where to start: {@code ConfigCommand}.
 */
package io.engram.cli.config;
