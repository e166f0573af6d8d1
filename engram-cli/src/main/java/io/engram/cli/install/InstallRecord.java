package io.engram.cli.install;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.engram.cli.global.UserFacingException;
import io.engram.fs.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What {@code engram install} wrote ({@code <home>/lib/install.json}): the version, the versioned jar, the
 * stable jar name and every launcher, so that uninstall removes exactly these files and nothing else.
 */
record InstallRecord(String version, Path jar, Path stableJar, List<Path> launchers) {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** The record as {@code install.json} holds it: paths as strings. */
  private record Stored(String version, String jar, String stableJar, List<String> launchers) {}

  InstallRecord {
    launchers = List.copyOf(launchers);
  }

  /** The record in {@code file}, or empty when there is none. */
  static Optional<InstallRecord> read(Path file) throws IOException {
    String text;
    try {
      text = Files.readString(file);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
    try {
      JsonNode root = JSON.readTree(text);
      List<Path> launchers = new ArrayList<>();
      for (JsonNode l : root.withArray("launchers")) {
        launchers.add(Path.of(textOf(l, file)));
      }
      return Optional.of(new InstallRecord(textOf(root.get("version"), file), Path.of(textOf(root.get("jar"), file)),
          Path.of(textOf(root.get("stableJar"), file)), launchers));
    } catch (IOException | RuntimeException e) {
      throw new UserFacingException("the install record " + file + " is damaged (" + e.getMessage()
          + "); remove the files it names by hand, delete it, and install again");
    }
  }

  /** Writes the record to {@code file}, atomically. */
  void write(Path file) throws IOException {
    Stored stored = new Stored(version, jar.toString(), stableJar.toString(),
        launchers.stream().map(Path::toString).toList());
    AtomicFiles.writeString(file, JSON.writeValueAsString(stored) + "\n");
  }

  /** This record with {@code launcher} listed once. */
  InstallRecord withLauncher(Path launcher) {
    List<Path> all = new ArrayList<>(launchers);
    if (!all.contains(launcher)) {
      all.add(launcher);
    }
    return new InstallRecord(version, jar, stableJar, all);
  }

  /** This record without {@code launcher}. */
  InstallRecord withoutLauncher(Path launcher) {
    return new InstallRecord(version, jar, stableJar, launchers.stream().filter(l -> !l.equals(launcher)).toList());
  }

  private static String textOf(JsonNode node, Path file) {
    if (node == null || !node.isTextual() || node.asText().isBlank()) {
      throw new IllegalArgumentException("a field is missing or not a string");
    }
    return node.asText();
  }
}
