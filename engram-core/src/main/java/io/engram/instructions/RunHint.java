package io.engram.instructions;

import java.util.Optional;

/**
 * One thing a repository shows about running it: how to start the application, which profiles it has, which
 * services docker-compose starts, which checks run before a commit.
 *
 * @param what what it is, in words ({@code "run the application"}, {@code "Spring profiles `dev`, `prod`"})
 * @param source the file that shows it, relative to the project ({@code pom.xml}, {@code docker-compose.yml})
 * @param command the command, when there is one
 */
record RunHint(String what, String source, Optional<String> command) {
  static RunHint of(String what, String source, String command) {
    return new RunHint(what, source, Optional.ofNullable(command));
  }

  /** The Markdown bullet: {@code - what: `command` (`source`)}. */
  String bullet() {
    return "- " + what + command.map(c -> ": `" + c + "`").orElse("") + " (`" + source + "`)";
  }
}
