package io.engram.cli.output;

import picocli.CommandLine.Option;

/**
 * The {@code --json} option, mixed into every command that prints data ({@code @Mixin JsonOption json}): the
 * result as JSON for scripts instead of text for a person.
 */
public final class JsonOption {
  @Option(names = "--json", description = "Print the result as JSON, for scripts.")
  boolean json;

  /** Whether {@code --json} was given. */
  public boolean enabled() {
    return json;
  }
}
