package io.engram.cli.session;

import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * The {@code --session} option of the commands that keep state per session from a transcript
 * ({@code @Mixin SessionOption session}): the session id to file the work under instead of the transcript's.
 */
final class SessionOption {
  @Option(names = "--session", paramLabel = "ID", description = "Session id (default: the transcript's).")
  String id;

  /** The id given, if any. */
  Optional<String> id() {
    return Optional.ofNullable(id);
  }
}
