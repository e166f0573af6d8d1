package io.engram.fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;

class ErrorTextTest {
  @Test
  void aFileSystemFailureSaysWhatWentWrongBesideThePath() {
    assertThat(ErrorText.of(new AccessDeniedException("/h/memory/a.md")))
        .isEqualTo("/h/memory/a.md: permission denied");
    assertThat(ErrorText.of(new NoSuchFileException("/x"))).isEqualTo("/x: no such file or directory");
    assertThat(ErrorText.of(new FileAlreadyExistsException("/h/memory"))).isEqualTo("/h/memory: already exists");
    // The operating system's own words, when the JDK kept them, are said as they are.
    assertThat(ErrorText.of(new FileSystemException("/h/memory", null, "Not a directory")))
        .isEqualTo("/h/memory: Not a directory");
  }

  @Test
  void anUncheckedWrapperSaysWhatItWrapsWithoutTheJdksClassName() {
    assertThat(ErrorText.of(new UncheckedIOException(new AccessDeniedException("/a.md"))))
        .isEqualTo("/a.md: permission denied");
    assertThat(ErrorText.of(new UncheckedIOException("reading the index failed", new IOException("disk"))))
        .isEqualTo("reading the index failed");
  }

  @Test
  void anyOtherFailureIsItsMessageOrItsTypeWhenItHasNone() {
    assertThat(ErrorText.of(new IOException("stream closed"))).isEqualTo("stream closed");
    assertThat(ErrorText.of(new IllegalStateException())).isEqualTo("java.lang.IllegalStateException");
    assertThat(ErrorText.reason(new AccessDeniedException("/a.md"))).isEqualTo("permission denied");
    assertThat(ErrorText.reason(new IOException("disk full"))).isEqualTo("disk full");
  }
}
