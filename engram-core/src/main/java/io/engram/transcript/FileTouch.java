package io.engram.transcript;

import java.time.Instant;
import java.util.Optional;

/**
 * One operation on a file.
 *
 * @param operation what was done
 * @param tool the tool that did it (Read, Edit, Bash...)
 * @param at when, if the source recorded it
 * @param messageIndex index of the calling message in the list the view was built from
 */
public record FileTouch(FileOperation operation, String tool, Optional<Instant> at, int messageIndex) {}
