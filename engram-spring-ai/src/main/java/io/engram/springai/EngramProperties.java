package io.engram.springai;

import java.nio.file.Path;
import java.util.Optional;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Engram's {@code engram.*} properties: where its home and the project are, the model's window, and
 * whether exchanges are learnt from.
 *
 * @param home Engram's home; unset: {@code $ENGRAM_HOME}, else {@code ~/.engram}, as the {@code engram}
 *     command finds it
 * @param project the project whose memory is used; unset: the working directory
 * @param windowTokens the chat model's context window in tokens (compaction runs at its critical level)
 * @param learn whether the advisor runs the extraction pass after each call
 */
@ConfigurationProperties("engram")
public record EngramProperties(Path home, Path project, Integer windowTokens, Boolean learn) {
  /** The window assumed when {@code engram.window-tokens} is not set: Claude's 200,000 tokens. */
  public static final int DEFAULT_WINDOW_TOKENS = 200_000;

  /** Engram's home: {@code engram.home}, else {@code $ENGRAM_HOME}, else {@code ~/.engram}. */
  public Path resolvedHome() {
    return Optional.ofNullable(home)
        .or(() -> Optional.ofNullable(System.getenv("ENGRAM_HOME")).filter(s -> !s.isBlank()).map(Path::of))
        .orElse(Path.of(System.getProperty("user.home"), ".engram"));
  }

  /** The project directory: {@code engram.project}, else the working directory. */
  public Path resolvedProject() {
    return Optional.ofNullable(project).orElse(Path.of("").toAbsolutePath());
  }

  /**
   * The window: {@code engram.window-tokens}, else {@value #DEFAULT_WINDOW_TOKENS}.
   *
   * @throws IllegalArgumentException when the property is not positive
   */
  public int resolvedWindowTokens() {
    int window = Optional.ofNullable(windowTokens).orElse(DEFAULT_WINDOW_TOKENS);
    if (window <= 0) {
      throw new IllegalArgumentException("engram.window-tokens must be positive, was " + window);
    }
    return window;
  }

  /** Whether to learn: {@code engram.learn}, else true. */
  public boolean resolvedLearn() {
    return Optional.ofNullable(learn).orElse(true);
  }
}
