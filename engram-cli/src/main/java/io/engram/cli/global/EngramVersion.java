package io.engram.cli.global;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * Reports the version the build recorded: {@code version.properties} beside this class, filled in by Maven
 * resource filtering, so the jar, the tests and an IDE build all say the same.
 */
public final class EngramVersion implements IVersionProvider {
  private static final String RESOURCE = "version.properties";
  /** Where a jar holds that resource: install reads another jar's version there. */
  public static final String JAR_ENTRY =
      EngramVersion.class.getPackageName().replace('.', '/') + "/" + RESOURCE;

  @Override
  public String[] getVersion() {
    return new String[] {"engram " + number()};
  }

  /** The version alone, for example {@code 0.1.0}. */
  public static String number() {
    try (InputStream in = EngramVersion.class.getResourceAsStream(RESOURCE)) {
      if (in != null) {
        Properties p = new Properties();
        p.load(in);
        String version = p.getProperty("version", "");
        if (!version.isBlank() && !version.contains("${")) {
          return version.strip();
        }
      }
    } catch (IOException e) {
      // fall through to the manifest
    }
    String manifest = EngramVersion.class.getPackage().getImplementationVersion();
    return manifest == null ? "development build" : manifest;
  }
}
