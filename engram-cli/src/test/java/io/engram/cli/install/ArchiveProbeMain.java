package io.engram.cli.install;

import java.util.List;
import java.util.regex.Pattern;

/** The main class of the small jar {@code ClassArchiveTest} archives: it loads a few classes and exits 0. */
public final class ArchiveProbeMain {
  private ArchiveProbeMain() {}

  /** Ignores its arguments (the ones the installer passes to Engram) and prints one line. */
  public static void main(String[] args) {
    List<String> words = Pattern.compile(" ").splitAsStream("loaded some classes").toList();
    System.out.println(String.join(" ", words));
  }
}
