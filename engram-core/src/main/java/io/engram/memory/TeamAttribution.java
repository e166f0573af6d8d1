package io.engram.memory;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.regex.Pattern;

/**
 * The line a read of the team mirror puts in front of a team memory's body, so that whoever reads it (the
 * agent, through recall and the hooks) sees who shared it and how old it is: {@code > Team memory shared by
 * alice; last changed by bob on 2026-05-11 (3 days ago), version 4.}
 */
final class TeamAttribution {
  private static final String START = "> Team memory shared by ";
  private static final Pattern LINE = Pattern.compile("^> Team memory shared by [^\\n]*, version \\d+\\.\\n\\n");

  private TeamAttribution() {}

  static Memory attributed(Memory m, Instant now) {
    String author = TeamMirror.author(m).orElse("an unknown member");
    String changedBy = TeamMirror.changedBy(m).filter(c -> !c.equals(author)).map(c -> "; last changed by " + c)
        .orElse("");
    String when = m.updated().or(m::created)
        .map(t -> " on " + t.atOffset(ZoneOffset.UTC).toLocalDate() + " (" + age(t, now) + ")").orElse("");
    String version = TeamMirror.version(m).map(String::valueOf).orElse("?");
    return m.toBuilder().body(START + author + changedBy + when + ", version " + version + ".\n\n" + m.body()).build();
  }

  static String strip(String body) {
    var match = LINE.matcher(body);
    return match.find() ? body.substring(match.end()) : body;
  }

  static String age(Instant then, Instant now) {
    long days = Duration.between(then, now).toDays();
    if (days <= 0) {
      return "today";
    }
    if (days == 1) {
      return "yesterday";
    }
    if (days < 60) {
      return days + " days ago";
    }
    if (days < 730) {
      return days / 30 + " months ago";
    }
    return days / 365 + " years ago";
  }
}
