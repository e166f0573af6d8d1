package io.engram.testing;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;

/**
 * Files and folders of the module's test resources ({@code src/test/resources}, on the test classpath), as
 * paths, for code under test that reads from disk.
 */
public final class TestResources {
  private TestResources() {}

  /**
   * The resource at {@code relative}, for example {@code transcripts/claude-code/short.jsonl}; a folder works
   * too. Fails, naming the resource, when it is not on the classpath.
   */
  public static Path path(String relative) {
    URL url = TestResources.class.getClassLoader().getResource(relative);
    if (url == null) {
      throw new IllegalStateException("test resource not on the classpath: " + relative
          + " (expected under src/test/resources)");
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("test resource has no file path: " + url, e);
    }
  }
}
