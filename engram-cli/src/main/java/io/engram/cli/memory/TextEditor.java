package io.engram.cli.memory;

import io.engram.cli.global.UserFacingException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/** The person's text editor ({@code --editor}, else $VISUAL, $EDITOR, vi), run on one file until it exits. */
final class TextEditor {
  private TextEditor() {}

  /**
   * Opens {@code file} in {@code editor} (or the environment's) and waits.
   *
   * @throws UserFacingException when the editor fails or the wait is interrupted; nothing is saved then
   */
  static void open(String editor, Path file) throws IOException {
    String cmd = Optional.ofNullable(editor).or(() -> Stream.of(System.getenv("VISUAL"), System.getenv("EDITOR"))
        .filter(v -> v != null && !v.isBlank()).findFirst()).orElse("vi");
    boolean windows = System.getProperty("os.name").toLowerCase(Locale.ROOT).startsWith("win");
    List<String> argv = windows
        ? List.of("cmd", "/c", cmd + " \"" + file + "\"")
        : List.of("sh", "-c", cmd + " \"$1\"", "engram-edit", file.toString());
    try {
      int code = new ProcessBuilder(argv).inheritIO().start().waitFor();
      if (code != 0) {
        throw new UserFacingException("editor '" + cmd + "' exited with code " + code + "; nothing saved");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UserFacingException("interrupted while waiting for the editor; nothing saved");
    }
  }
}
