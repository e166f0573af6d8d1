package io.engram.ui;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The UI's files, read from the jar ({@code io/engram/ui/assets/}): the page, the notice a refused page shows,
 * and the scripts and styles, served by name from a fixed shape of names so that no request reaches another
 * resource.
 */
final class Assets {
  private static final String DIR = "assets/";
  private static final Pattern NAME = Pattern.compile("[a-z0-9-]+\\.(js|css|svg)");
  private static final Map<String, String> TYPES = Map.of("js", "text/javascript; charset=utf-8",
      "css", "text/css; charset=utf-8", "svg", "image/svg+xml");
  private final Map<String, byte[]> loaded = new ConcurrentHashMap<>();

  /** The application page: the same for everyone, it holds no data (its script logs in and asks for it). */
  byte[] page() {
    return bytes("index.html").orElseThrow(() -> new IllegalStateException("the jar lacks " + DIR + "index.html"));
  }

  /** The page a refused page request shows: {@code message}, escaped. */
  byte[] notice(String message) {
    return text("notice.html").replace("{{message}}", Html.escape(message)).getBytes(StandardCharsets.UTF_8);
  }

  void serve(UiExchange x, String name) throws IOException, UiExchange.Refusal {
    Optional<byte[]> bytes = NAME.matcher(name).matches() ? bytes(name) : Optional.empty();
    if (bytes.isEmpty()) {
      throw new UiExchange.Refusal(404, "no file " + name);
    }
    x.send(200, TYPES.get(name.substring(name.lastIndexOf('.') + 1)), bytes.get());
  }

  private String text(String name) {
    return new String(bytes(name).orElseThrow(() -> new IllegalStateException("the jar lacks " + DIR + name)),
        StandardCharsets.UTF_8);
  }

  private Optional<byte[]> bytes(String name) {
    byte[] b = loaded.computeIfAbsent(name, n -> {
      try (InputStream in = Assets.class.getResourceAsStream(DIR + n)) {
        return in == null ? new byte[0] : in.readAllBytes();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    return b.length == 0 ? Optional.empty() : Optional.of(b);
  }
}
