package io.basalt.it;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Finds executables (mariadb, mariadbd, sysbench) on PATH and in the sbin directories Debian installs servers to. */
public final class Binaries {
    private static final List<String> EXTRA_DIRS = List.of("/usr/sbin", "/usr/local/sbin", "/sbin");

    private Binaries() {
    }

    public static Optional<Path> find(String name) {
        List<String> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(List.of(path.split(File.pathSeparator)));
        }
        dirs.addAll(EXTRA_DIRS);
        for (String dir : dirs) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
