package io.engram.cli;

import picocli.CommandLine.IVersionProvider;

/** Reports the version recorded in the jar's manifest. */
final class EngramVersion implements IVersionProvider {
  @Override
  public String[] getVersion() {
    String version = EngramCommand.class.getPackage().getImplementationVersion();
    return new String[] {"engram " + (version == null ? "development build" : version)};
  }
}
