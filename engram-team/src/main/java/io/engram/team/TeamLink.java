package io.engram.team;

import io.engram.fs.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;

/**
 * A project's connection to its team store, as {@code engram team connect} recorded it: the JDBC URL (never a
 * password: {@link TeamEndpoint} refuses one), the member and the project key.
 *
 * @param url the JDBC URL
 * @param member the member's PostgreSQL role
 * @param projectKey the project's key in the team store
 * @param connected when the connection was recorded
 */
public record TeamLink(String url, String member, String projectKey, Instant connected) {
  public TeamLink {
    Objects.requireNonNull(url, "url");
    Objects.requireNonNull(member, "member");
    Objects.requireNonNull(projectKey, "projectKey");
    Objects.requireNonNull(connected, "connected");
  }

  static Optional<TeamLink> read(Path file) throws IOException {
    try {
      return Optional.of(Json.MAPPER.readValue(Files.readString(file), TeamLink.class));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (com.fasterxml.jackson.core.JacksonException e) {
      throw new IOException(file + " is not a team connection (" + e.getOriginalMessage() + "); connect again with"
          + " engram team connect", e);
    }
  }

  void write(Path file) throws IOException {
    AtomicFiles.writeString(file, Json.MAPPER.writeValueAsString(this),
        EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE));
  }
}
