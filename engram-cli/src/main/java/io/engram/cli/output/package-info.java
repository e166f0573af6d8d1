/**
 * How commands print for scripts. A command that prints data mixes in {@link io.engram.cli.output.JsonOption}
 * ({@code @Mixin JsonOption json}) and, when {@code json.enabled()}, hands a record to
 * {@link io.engram.cli.output.JsonOutput}, which writes it as pretty JSON through one shared Jackson mapper
 * that knows {@code Optional} (empty is {@code null}) and {@code java.time}. The record's components are the
 * JSON's fields, in order; no command builds JSON by hand.
 *
 * <p>Where to start: {@link io.engram.cli.output.JsonOutput#print}.
 */
package io.engram.cli.output;
