#!/usr/bin/env python3
"""Times MediaPipe Hands (legacy solution, same palm-detection and hand-landmark models as gestured)
on folders of frames, for `gestured bench --mediapipe`.

usage: mediapipe_bench.py [--hands N] [--complexity C] [--fps F] [--repeat R] CLIP_DIR...

Prints one JSON object per frame and pass:
  {"clip", "frame", "pass", "wall_ms", "cpu_ms", "hands"}
then {"peak_rss_mb"}. Frames are decoded (OpenCV) one at a time outside the timed call; each clip starts a fresh
tracker (static_image_mode=False), as gestured's bench does.
"""
import json
import os
import resource
import sys
import time


def main(argv):
    hands, complexity, repeat = 2, 1, 1
    clips = []
    i = 0
    while i < len(argv):
        if argv[i] == "--hands":
            hands = int(argv[i + 1]); i += 2
        elif argv[i] == "--complexity":
            complexity = int(argv[i + 1]); i += 2
        elif argv[i] == "--repeat":
            repeat = int(argv[i + 1]); i += 2
        elif argv[i] == "--fps":
            i += 2  # timestamps do not change MediaPipe's cadence
        else:
            clips.append(argv[i]); i += 1
    import cv2
    import mediapipe as mp

    for p in range(repeat):
        for clip in clips:
            names = sorted(f for f in os.listdir(clip) if f.lower().endswith((".jpg", ".jpeg")))
            with mp.solutions.hands.Hands(static_image_mode=False, max_num_hands=hands,
                                          model_complexity=complexity) as tracker:
                for name in names:
                    # Decoded one at a time, untimed, as gestured's bench does.
                    image = cv2.cvtColor(cv2.imread(os.path.join(clip, name)), cv2.COLOR_BGR2RGB)
                    wall, cpu = time.perf_counter(), time.process_time()
                    result = tracker.process(image)
                    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                    found = len(result.multi_hand_landmarks or [])
                    print(json.dumps({"clip": os.path.basename(clip.rstrip("/")), "frame": name, "pass": p,
                                      "wall_ms": round(wall * 1000, 3), "cpu_ms": round(cpu * 1000, 3),
                                      "hands": found}), flush=True)
    print(json.dumps({"peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
