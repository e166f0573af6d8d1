package io.engram.instructions;

import java.util.Optional;

/**
 * A build tool found in a repository and the commands it offers.
 *
 * @param name the tool ({@code Maven}, {@code npm}, {@code uv}...)
 * @param marker the file that gave it away ({@code pom.xml}, {@code package.json}...)
 * @param build the build command, when there is one
 * @param test the test command, when there is one
 * @param lint the lint or static-check command, when one is configured
 */
record BuildTool(
    String name, String marker, Optional<String> build, Optional<String> test, Optional<String> lint) {}
