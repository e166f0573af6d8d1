package io.engram.cli.output;

import picocli.CommandLine.Help.Ansi;

/**
 * A style around text taken as it is, on a terminal only: picocli's markup ({@code @|bold ...|@}) reads
 * {@code @|} and {@code |@} in whatever it is given, so a memory's description, a session id or a path printed
 * through it lost those characters or swallowed the line around them. What a person or a transcript wrote goes
 * through here; markup is for fixed text alone.
 */
public final class Styled {
  private Styled() {}

  /** {@code text} in bold where colour is on, else as it is. */
  public static String bold(String text) {
    return style(text, Ansi.Style.bold);
  }

  /** {@code text} faint where colour is on, else as it is. */
  public static String faint(String text) {
    return style(text, Ansi.Style.faint);
  }

  private static String style(String text, Ansi.Style style) {
    return Ansi.AUTO.enabled() ? Ansi.Style.on(style) + text + Ansi.Style.off(style) + Ansi.Style.reset.on() : text;
  }
}
