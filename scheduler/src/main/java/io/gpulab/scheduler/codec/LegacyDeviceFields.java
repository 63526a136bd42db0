package io.gpulab.scheduler.codec;

import io.gpulab.scheduler.model.DeviceInfo;

/** One legacy registration segment: 7 fields (index 0 and mode hami-core implied) or 9 fields. */
final class LegacyDeviceFields {

    private LegacyDeviceFields() {
    }

    static Decoded<DeviceInfo> parse(String annotation, String[] f, String seg) {
        if (f.length != 7 && f.length != 9) {
            return Decoded.fail(annotation, seg, "unexpected field count " + f.length + " in node annotation");
        }
        Integer count = GoStrconv.atoi(f[1]);
        if (count == null) {
            return Decoded.fail(annotation, f[1], "invalid count field: " + GoStrconv.atoiError(f[1]));
        }
        Integer mem = GoStrconv.atoi(f[2]);
        if (mem == null) {
            return Decoded.fail(annotation, f[2], "invalid memory field: " + GoStrconv.atoiError(f[2]));
        }
        Integer core = GoStrconv.atoi(f[3]);
        if (core == null) {
            return Decoded.fail(annotation, f[3], "invalid core field: " + GoStrconv.atoiError(f[3]));
        }
        Integer numa = GoStrconv.atoi(f[5]);
        if (numa == null) {
            return Decoded.fail(annotation, f[5], "invalid numa field: " + GoStrconv.atoiError(f[5]));
        }
        Boolean health = GoStrconv.parseBool(f[6]);
        if (health == null) {
            return Decoded.fail(annotation, f[6], "invalid health field: " + GoStrconv.parseBoolError(f[6]));
        }
        int index = 0;
        String mode = DeviceInfo.DEFAULT_MODE;
        if (f.length == 9) {
            Integer idx = GoStrconv.atoi(f[7]);
            if (idx == null) {
                return Decoded.fail(annotation, f[7], "invalid index field: " + GoStrconv.atoiError(f[7]));
            }
            if (idx < 0) {
                return Decoded.fail(annotation, f[7], "index field must not be negative: " + idx);
            }
            index = idx;
            mode = f[8];
        }
        return Decoded.ok(new DeviceInfo(f[0], index, count, mem, core, f[4], numa, mode, health));
    }
}
