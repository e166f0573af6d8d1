package io.engram.springai;

import io.engram.hosted.HostedMemory;
import java.nio.file.Path;
import java.util.Optional;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Engram's {@code engram.*} properties.
 *
 * <p>The descriptions below are also the configuration metadata IDEs show, so they are plain text.
 *
 * @param home Engram's home folder, where memories, conversations and indexes are kept. Unset: $ENGRAM_HOME,
 *     else .engram in the user's home folder, as the engram command finds it.
 * @param project The project whose memory the application uses. Unset: the working directory.
 * @param windowTokens The chat model's context window in tokens; Engram compacts a conversation when it fills
 *     the critical share of it. Unset: Engram's context.defaultWindowTokens setting.
 * @param learn Whether the advisor has Engram learn from each exchange after the call, on a background thread.
 *     Unset: true.
 */
@ConfigurationProperties("engram")
public record EngramProperties(Path home, Path project, Integer windowTokens, Boolean learn) {

  /**
   * A builder of the memory these properties name: the project {@code engram.project}, else the working
   * directory, under the home {@code engram.home}, else the one the {@code engram} command uses.
   */
  public HostedMemory.Builder memoryBuilder() {
    Path projectDir = Optional.ofNullable(project).orElse(Path.of("").toAbsolutePath());
    return home == null ? HostedMemory.builder(projectDir) : HostedMemory.builder(home, projectDir);
  }

  /**
   * The window: {@code engram.window-tokens}, else {@code fallback}.
   *
   * @throws IllegalArgumentException when the property is not positive
   */
  public int resolvedWindowTokens(int fallback) {
    int window = Optional.ofNullable(windowTokens).orElse(fallback);
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
