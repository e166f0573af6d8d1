package io.engram.cli.install;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/** Writes small jars shaped like Engram's (main class, version resource) for install tests. */
public final class FakeEngramJar {
  private FakeEngramJar() {}

  /** A jar naming Engram's main class, recording {@code version}, whose payload is {@code payload}. */
  public static Path write(Path file, String version, String payload) throws IOException {
    return write(file, "io.engram.cli.EngramCommand", version, payload);
  }

  /** A jar with the given main class. */
  public static Path write(Path file, String mainClass, String version, String payload) throws IOException {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, mainClass);
    Files.createDirectories(file.toAbsolutePath().getParent());
    try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out, manifest)) {
      jar.putNextEntry(new JarEntry(versionEntry()));
      jar.write(("version=" + version + "\n").getBytes(StandardCharsets.UTF_8));
      jar.closeEntry();
      jar.putNextEntry(new JarEntry("payload.txt"));
      jar.write(payload.getBytes(StandardCharsets.UTF_8));
      jar.closeEntry();
    }
    return file;
  }

  /** Where the build puts the version: beside the class that reads it, found on the test class path. */
  static String versionEntry() {
    Class<?> reader = io.engram.cli.global.EngramVersion.class;
    String entry = reader.getPackageName().replace('.', '/') + "/version.properties";
    if (reader.getClassLoader().getResource(entry) == null) {
      throw new IllegalStateException("the build put no " + entry + " on the class path");
    }
    return entry;
  }
}
