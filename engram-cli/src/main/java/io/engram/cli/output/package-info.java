/**
 * How commands print for scripts: {@link io.engram.cli.output.JsonOutput} writes a value (a record) as
 * pretty JSON through one shared Jackson mapper that knows {@code Optional} and {@code java.time}.
 */
package io.engram.cli.output;
