package main

import (
	"fmt"
	"os"
	"strings"

	"golang.org/x/sys/unix"
)

// describeFS names the filesystem the trees are on, for the table's
// header: the git diff rows are mostly file creation and renames, whose
// cost is the filesystem's. On ext4 without a journal, creating a file
// scans past every inode freed in the last 30 seconds (the kernel's
// recently_deleted check), and laying out a fresh tree for each run frees
// a thousand: there both clada and git apply spent most of a run in that
// scan, and the ratio said more about the scan than about either tool.
func describeFS(dir string) string {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		return "trees in " + dir
	}
	name := map[int64]string{unix.EXT4_SUPER_MAGIC: "ext4", unix.TMPFS_MAGIC: "tmpfs", unix.XFS_SUPER_MAGIC: "xfs", unix.BTRFS_SUPER_MAGIC: "btrfs", unix.OVERLAYFS_SUPER_MAGIC: "overlayfs"}[int64(st.Type)]
	if name == "" {
		name = fmt.Sprintf("filesystem 0x%x", st.Type)
	}
	if name != "ext4" {
		return fmt.Sprintf("trees on %s (%s)", name, dir)
	}
	var fi unix.Stat_t
	if err := unix.Stat(dir, &fi); err != nil {
		return "trees on ext4 (" + dir + ")"
	}
	uevent, err := os.ReadFile(fmt.Sprintf("/sys/dev/block/%d:%d/uevent", unix.Major(fi.Dev), unix.Minor(fi.Dev)))
	dev := ""
	for _, l := range strings.Split(string(uevent), "\n") {
		if v, ok := strings.CutPrefix(l, "DEVNAME="); ok {
			dev = v
		}
	}
	if err != nil || dev == "" {
		return "trees on ext4 (" + dir + "), journal unknown"
	}
	if _, err := os.Stat("/proc/fs/jbd2/" + dev + "-8"); err == nil {
		return fmt.Sprintf("trees on ext4 with a journal (%s, %s)", dev, dir)
	}
	return fmt.Sprintf("trees on ext4 WITHOUT a journal (%s, %s): file creation there is slowed by the inodes the last 30 s freed; use SIDE_BY_SIDE_LOOP=1 or SIDE_BY_SIDE_DIR for figures to quote", dev, dir)
}
