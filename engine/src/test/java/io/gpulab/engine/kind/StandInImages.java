package io.gpulab.engine.kind;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Stand-ins for kindest/node and alpine/helm, built on the local Docker engine from the host's static
 * busybox (Debian's busybox-static): no registry is needed. Docker sees real images and runs real
 * containers; only the programs inside are stand-ins. {@code kubeadm}, {@code kubectl} and {@code helm}
 * are shell scripts that log their arguments to {@code /var/gpulab/stand-in.log}, leave the files the
 * real ones leave ({@code admin.conf}, {@code kubelet.conf}), print a join command, and answer every
 * "is it there?" probe with "no" until {@code /var/gpulab/stand-in-cluster-ready} exists.
 */
final class StandInImages {

    static final String NODE = "gpulab-stand-in/node:1";
    static final String HELM = "gpulab-stand-in/helm:1";
    static final List<String> BUSYBOX = List.of("/bin/busybox", "/usr/bin/busybox");

    private static final String KUBEADM = """
            #!/bin/sh
            mkdir -p /var/gpulab && echo "kubeadm $*" >> /var/gpulab/stand-in.log
            case "$*" in
              *"token create"*) echo "kubeadm join 172.18.0.2:6443 --token abcdef.0123456789abcdef \
            --discovery-token-ca-cert-hash sha256:0000" ;;
              join*) mkdir -p /etc/kubernetes && echo stand-in > /etc/kubernetes/kubelet.conf ;;
              init*) mkdir -p /etc/kubernetes && printf 'apiVersion: v1\\nkind: Config\\nclusters:\\n- cluster:\\n\
                server: https://%s:6443\\n  name: stand-in\\n' "$(hostname)" > /etc/kubernetes/admin.conf ;;
            esac
            exit 0
            """;
    private static final String KUBECTL = """
            #!/bin/sh
            mkdir -p /var/gpulab && echo "kubectl $*" >> /var/gpulab/stand-in.log
            case "$*" in
              *--timeout=0s*|*" get "*) [ -f /var/gpulab/stand-in-cluster-ready ] && exit 0
                echo "stand-in: not there yet" >&2; exit 1 ;;
            esac
            exit 0
            """;
    private static final String HELM_SCRIPT = """
            #!/bin/sh
            mkdir -p /var/gpulab && echo "helm $*" >> /var/gpulab/stand-in.log
            exit 0
            """;

    private StandInImages() {
    }

    /** The host's static busybox, or {@code null} when none is installed (a dynamic one needs a libc). */
    static Path busybox() {
        return BUSYBOX.stream().map(Path::of).filter(Files::isRegularFile).filter(StandInImages::isStatic)
                .findFirst().orElse(null);
    }

    private static boolean isStatic(Path elf) {
        try {
            // a dynamically linked executable names its loader (PT_INTERP), e.g. /lib64/ld-linux-x86-64.so.2
            return !new String(Files.readAllBytes(elf), StandardCharsets.ISO_8859_1).contains("/ld-linux");
        } catch (IOException e) {
            return false;
        }
    }

    /** Builds both images unless present. */
    static void ensure(DockerClient docker, Path busybox) throws IOException {
        if (!present(docker, NODE)) {
            build(docker, NODE, context(busybox, "FROM scratch\nCOPY rootfs/ /\nENV PATH=/usr/bin:/bin\n"
                    + "CMD [\"/bin/sh\", \"-c\", \"trap 'exit 0' TERM; while :; do sleep 1; done\"]\n"));
        }
        if (!present(docker, HELM)) {
            build(docker, HELM, context(null, "FROM " + NODE + "\nENTRYPOINT [\"/usr/bin/helm\"]\n"));
        }
    }

    private static boolean present(DockerClient docker, String image) {
        try {
            docker.inspectImageCmd(image).exec();
            return true;
        } catch (NotFoundException e) {
            return false;
        }
    }

    private static void build(DockerClient docker, String tag, byte[] context) {
        docker.buildImageCmd(new ByteArrayInputStream(context)).withTags(Set.of(tag)).withPull(false)
                .start().awaitImageId(5, TimeUnit.MINUTES);
    }

    private static byte[] context(Path busybox, String dockerfile) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Tar tar = new Tar(bytes);
        tar.file("Dockerfile", dockerfile.getBytes(StandardCharsets.UTF_8), 0644);
        if (busybox != null) {
            tar.dir("rootfs/");
            tar.dir("rootfs/bin/");
            tar.file("rootfs/bin/busybox", Files.readAllBytes(busybox), 0755);
            for (String applet : List.of("sh", "test", "[", "sed", "mkdir", "cp", "cat", "echo", "base64", "modprobe",
                    "swapoff", "sleep", "hostname", "dirname", "rm", "ls", "touch")) {
                tar.symlink("rootfs/bin/" + applet, "busybox");
            }
            tar.dir("rootfs/usr/");
            tar.dir("rootfs/usr/bin/");
            tar.file("rootfs/usr/bin/kubeadm", KUBEADM.getBytes(StandardCharsets.UTF_8), 0755);
            tar.file("rootfs/usr/bin/kubectl", KUBECTL.getBytes(StandardCharsets.UTF_8), 0755);
            tar.file("rootfs/usr/bin/helm", HELM_SCRIPT.getBytes(StandardCharsets.UTF_8), 0755);
            tar.dir("rootfs/etc/");
            tar.file("rootfs/etc/fstab", new byte[0], 0644);   // swapoff -a reads it
            tar.dir("rootfs/tmp/");
            tar.dir("rootfs/run/");
            tar.dir("rootfs/var/");
        }
        tar.finish();
        return bytes.toByteArray();
    }

    /** The few ustar entries a build context needs. */
    private static final class Tar {
        private final ByteArrayOutputStream out;

        Tar(ByteArrayOutputStream out) {
            this.out = out;
        }

        void file(String name, byte[] content, int mode) throws IOException {
            header(name, content.length, mode, '0', "");
            out.write(content);
            out.write(new byte[(512 - content.length % 512) % 512]);
        }

        void dir(String name) throws IOException {
            header(name, 0, 0755, '5', "");
        }

        void symlink(String name, String target) throws IOException {
            header(name, 0, 0777, '2', target);
        }

        void finish() throws IOException {
            out.write(new byte[1024]);
        }

        private void header(String name, long size, int mode, char type, String link) throws IOException {
            byte[] h = new byte[512];
            put(h, 0, name, 100);
            put(h, 100, octal(mode, 7), 8);
            put(h, 108, octal(0, 7), 8);
            put(h, 116, octal(0, 7), 8);
            put(h, 124, octal(size, 11), 12);
            put(h, 136, octal(0, 11), 12);
            h[156] = (byte) type;
            put(h, 157, link, 100);
            put(h, 257, "ustar", 6);
            put(h, 263, "00", 2);
            for (int i = 148; i < 156; i++) {
                h[i] = ' ';
            }
            long sum = 0;
            for (byte b : h) {
                sum += b & 0xff;
            }
            put(h, 148, octal(sum, 6), 7);
            h[155] = ' ';
            out.write(h);
        }

        private static String octal(long v, int digits) {
            String s = Long.toOctalString(v);
            return "0".repeat(Math.max(0, digits - s.length())) + s;
        }

        private static void put(byte[] h, int at, String s, int len) {
            byte[] b = s.getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(b, 0, h, at, Math.min(b.length, len));
        }
    }
}
