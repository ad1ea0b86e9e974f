#!/usr/bin/env bash
# Renders apps/web/public/media/first-steps.mp4 (+ poster) from screenshots of a demo portal.
# Needs Debian's chromium and ffmpeg (apt-get install -y chromium ffmpeg). See README.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=apps/web/public/media
work=$(mktemp -d)
port=3700
password='Leuchtturm-Kompass-Nebel-42'
mkdir -p "$out"

npx turbo run build --filter=@portal/web >/dev/null
PORT=$port DATABASE_FILE="$work/portal.sqlite" DEMO_PASSWORD="$password" LOG_LEVEL=warn \
  PUBLIC_URL="http://localhost:$port" npx tsx apps/server/src/main.ts >"$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 60); do curl -sf "http://localhost:$port/healthz" >/dev/null && break; sleep 1; done

TUTORIAL_URL="http://localhost:$port" DEMO_PASSWORD="$password" TUTORIAL_DIR="$work" \
  npx tsx scripts/tutorial-video/capture.ts

# Seven scenes of 7 seconds; the captions (first-steps.*.vtt) follow the same timing.
list="$work/scenes.txt"
: >"$list"
for n in 1 2 3 4 5 6 7; do printf "file '%s'\nduration 7\n" "$work/scene-$n.png" >>"$list"; done
printf "file '%s'\n" "$work/scene-7.png" >>"$list"
ffmpeg -y -loglevel error -f concat -safe 0 -i "$list" \
  -vf "scale=1280:720,fps=30,format=yuv420p" -c:v libx264 -preset slow -crf 28 -movflags +faststart \
  -an "$out/first-steps.mp4"
ffmpeg -y -loglevel error -i "$work/scene-1.png" -vf "scale=1280:720" "$out/first-steps-poster.png"
ffprobe -v error -show_entries format=duration,size -of default=nw=1 "$out/first-steps.mp4"
