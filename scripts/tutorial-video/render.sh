#!/usr/bin/env bash
# Renders the tutorial video "Erste Schritte" from screenshots of a throwaway demo portal:
#   apps/web/public/media/first-steps.mp4          H.264, 1280x720, 30 fps, no audio
#   apps/web/public/media/first-steps.de.vtt       German subtitles, one cue per scene
#   apps/web/public/media/first-steps.en.vtt       English subtitles, same timing
#   apps/web/public/media/first-steps-poster.png   poster = first scene
# Needs node (repo dependencies present), Debian's chromium and ffmpeg, curl. See README.md.
#
# Environment (all optional):
#   TUTORIAL_PORT  port of the throwaway portal (default 3600; must be free)
#   OUT_DIR        where the four files go (default apps/web/public/media)
#   SKIP_BUILD=1   use the existing apps/web/dist instead of building it
#   KEEP_WORK=1    keep the work folder (screenshots, server log) for inspection
set -euo pipefail
cd "$(dirname "$0")/../.."

port=${TUTORIAL_PORT:-3600}
out=${OUT_DIR:-apps/web/public/media}
password='Leuchtturm-Kompass-Nebel-42'
fade_ms=600

for tool in node npx curl ffmpeg ffprobe /usr/bin/chromium; do
  command -v "$tool" >/dev/null || { echo "missing: $tool (apt-get install -y chromium ffmpeg curl)" >&2; exit 1; }
done
if curl -s -o /dev/null "http://localhost:$port/"; then
  echo "port $port is in use; set TUTORIAL_PORT to a free port" >&2
  exit 1
fi

work=$(mktemp -d /tmp/tutorial-video.XXXXXX)
frames="$work/frames"
server=
cleanup() {
  if [ -n "$server" ]; then kill -- "-$server" 2>/dev/null || true; fi
  if [ "${KEEP_WORK:-0}" = 1 ]; then echo "work folder kept: $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

# --- 1. Build the web app and start a portal with its own empty database (demo seed) ---------
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  echo "building the web app"
  npx turbo run build --filter=@portal/web >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
fi
echo "starting the portal on port $port"
# setsid: the server gets its own process group, so the trap ends npx, tsx and node together.
PORT=$port DATABASE_FILE="$work/portal.sqlite" DEMO_PASSWORD="$password" LOG_LEVEL=warn \
  PUBLIC_URL="http://localhost:$port" setsid npx tsx apps/server/src/main.ts >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 60); do
  curl -sf "http://localhost:$port/healthz" >/dev/null && break
  kill -0 "$server" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
  sleep 1
done
curl -sf "http://localhost:$port/healthz" >/dev/null || { echo "portal did not start" >&2; exit 1; }

# --- 2. Screenshots --------------------------------------------------------------------------
echo "taking screenshots"
TUTORIAL_URL="http://localhost:$port" DEMO_PASSWORD="$password" FRAMES_DIR="$frames" \
  node scripts/tutorial-video/shoot.mjs
kill -- "-$server" 2>/dev/null || true
server=

# --- 3. Timeline -----------------------------------------------------------------------------
# Shots (file and seconds on screen, cross-fade included). Scenes group shots; each scene gets
# one subtitle cue. Change a duration here and the video and both VTT files follow.
shots=(01-login 02-users 03-invite 04-course-table 05-matrix 06-trainings 07-slide 08-quiz 09-closing)
shot_ms=(7000 5000 6500 5000 6500 6500 7000 8500 5500)
scene_first_shot=(0 1 3 5 6 7 8) # index of the shot that opens each scene

cues_de=(
  'Öffnen Sie die Anmeldeseite, geben Sie Ihre E-Mail-Adresse und Ihr Passwort ein und klicken Sie auf „Anmelden“.'
  'Unter „Mitarbeiter“ sehen Sie Ihr Team. Über „Person einladen“ tragen Sie Name und E-Mail ein, wählen die Kurse aus und senden die Einladung.'
  'In den „Kurseinstellungen“ weisen Sie einen Kurs mit einem Klick allen zu. Weiter unten setzen oder entfernen Sie Haken für einzelne Personen.'
  'Ihre Mitarbeiterinnen und Mitarbeiter sehen unter „Meine Schulungen“ alle zugewiesenen Kurse mit Dauer und Status. „Schulung starten“ auf der Kurskarte öffnet den Kurs.'
  'Jeder Kurs besteht aus kurzen Folien. Blättern Sie mit „Weiter“ oder mit den Pfeiltasten ← und →.'
  'Nach der letzten Folie folgt mit „Zum Quiz“ ein Quiz aus fünf Fragen. Wählen Sie eine Antwort und klicken Sie auf „Antwort prüfen“ – ab 80 % richtigen Antworten ist der Kurs bestanden.'
  'Geschafft! Laden Sie Ihr Team ein, weisen Sie Kurse zu und behalten Sie den Fortschritt im Blick.'
)
cues_en=(
  'Open the sign-in page, enter your email address and password and click “Anmelden” (Sign in).'
  'The “Mitarbeiter” (Employees) page lists your team. With “Person einladen” (Invite person) you enter a name and email, pick the courses and send the invitation.'
  'In “Kurseinstellungen” (Course settings) one click assigns a course to everyone. Further down, tick or untick courses for individual people.'
  'Under “Meine Schulungen” (My trainings) your employees see every assigned course with its duration and status. “Schulung starten” (Start course) on the course card opens it.'
  'Each course is a series of short slides. Move on with “Weiter” (Next) or the arrow keys ← and →.'
  'After the last slide, “Zum Quiz” (Go to the quiz) starts a five-question quiz. Choose an answer and click “Antwort prüfen” (Check answer); 80 % correct answers pass the course.'
  'Done! Invite your team, assign courses and keep an eye on the progress.'
)

count=${#shots[@]}
starts=() # when each shot begins (its fade-in starts), in ms
t=0
for ((i = 0; i < count; i++)); do
  starts+=("$t")
  t=$((t + shot_ms[i] - fade_ms))
done
total_ms=$((t + fade_ms))
secs() { printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)); }
stamp() { printf '%02d:%02d:%02d.%03d' $(($1 / 3600000)) $(($1 / 60000 % 60)) $(($1 / 1000 % 60)) $(($1 % 1000)); }

# Subtitles change in the middle of the cross-fade into a scene's first shot.
write_vtt() { # file, cue texts...
  local file=$1
  shift
  local cues=("$@") scenes=${#scene_first_shot[@]} from to
  {
    printf 'WEBVTT\n'
    for ((s = 0; s < scenes; s++)); do
      from=0
      ((s == 0)) || from=$((starts[scene_first_shot[s]] + fade_ms / 2))
      to=$total_ms
      ((s == scenes - 1)) || to=$((starts[scene_first_shot[s + 1]] + fade_ms / 2))
      printf '\n%d\n%s --> %s\n%s\n' $((s + 1)) "$(stamp "$from")" "$(stamp "$to")" "${cues[s]}"
    done
  } >"$file"
}

# --- 4. Video: stills joined by cross-fades ---------------------------------------------------
inputs=()
graph=""
for ((i = 0; i < count; i++)); do
  inputs+=(-loop 1 -framerate 30 -t "$(secs "${shot_ms[i]}")" -i "$frames/${shots[i]}.png")
  graph+="[$i:v]scale=1280:720,setsar=1,fps=30,format=yuv420p,settb=AVTB[s$i];"
done
previous="s0"
for ((i = 1; i < count; i++)); do
  graph+="[$previous][s$i]xfade=transition=fade:duration=$(secs $fade_ms):offset=$(secs "${starts[i]}")[x$i];"
  previous="x$i"
done
graph=${graph%;}
# A key frame right after every fade: otherwise faint ghosts of the previous screen survive in
# the static part of the next one (skipped blocks at CRF 28).
keys=0
for ((i = 1; i < count; i++)); do keys+=",$(secs $((starts[i] + fade_ms + 34)))"; done

mkdir -p "$out"
echo "encoding $(secs $total_ms) s of video"
ffmpeg -y -loglevel error "${inputs[@]}" -filter_complex "$graph" -map "[$previous]" \
  -c:v libx264 -preset slow -tune stillimage -crf 28 -profile:v high -pix_fmt yuv420p -r 30 \
  -force_key_frames "$keys" -movflags +faststart -an -map_metadata -1 -metadata title='Erste Schritte' \
  "$out/first-steps.mp4"
write_vtt "$out/first-steps.de.vtt" "${cues_de[@]}"
write_vtt "$out/first-steps.en.vtt" "${cues_en[@]}"
# Poster: the first scene, as sharp as the screenshot itself.
ffmpeg -y -loglevel error -i "$frames/${shots[0]}.png" -vf "scale=1280:720" -frames:v 1 \
  -compression_level 100 "$out/first-steps-poster.png"

# --- 5. Report -------------------------------------------------------------------------------
ffprobe -v error -select_streams v:0 \
  -show_entries stream=codec_name,profile,pix_fmt,width,height,r_frame_rate:format=duration,size \
  -of default=noprint_wrappers=1 "$out/first-steps.mp4"
ls -l "$out"/first-steps*
