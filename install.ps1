# install.ps1 - the PowerShell twin of install.sh, for Windows without Go:
#   irm https://raw.githubusercontent.com/ccc-hooks/ccc-hooks/main/install.ps1 | iex
#   & ([scriptblock]::Create((irm https://raw.githubusercontent.com/ccc-hooks/ccc-hooks/main/install.ps1))) --no-setup
#   .\install.ps1 [options] [ccc-hooks install arguments]
# Downloads the release archive for this machine from $env:CCC_HOOKS_RELEASE_URL (default: the
# project's latest release, or the release -t VERSION names), checks its SHA-256 against the
# release's checksums.txt, installs ccc-hooks.exe into $env:USERPROFILE\.local\bin (or -b DIR),
# then runs `ccc-hooks.exe install` with the arguments it does not take itself. Its options are
# install.sh's: -b/--bin-dir DIR, -t/--tag VERSION, --no-setup (the binary alone: for the Claude
# Code plugin, and for scripts). Under `irm | iex`, which passes no arguments, the variables
# CCC_HOOKS_BIN_DIR, CCC_HOOKS_TAG and CCC_HOOKS_NO_SETUP=1 say the same. Anything that fails
# before the new binary is complete and verified leaves that folder as it was.
$ErrorActionPreference = 'Stop'
Set-StrictMode -Version 3.0

$releases = 'https://github.com/ccc-hooks/ccc-hooks/releases'
$binDir = Join-Path $env:USERPROFILE '.local\bin'
if ($env:CCC_HOOKS_BIN_DIR) { $binDir = $env:CCC_HOOKS_BIN_DIR }
$tag = ''
if ($env:CCC_HOOKS_TAG) { $tag = $env:CCC_HOOKS_TAG }
$setup = $env:CCC_HOOKS_NO_SETUP -ne '1'
$tries = 3

# This script's own options come out of the arguments; the others stay, in their order, for
# `ccc-hooks install`.
$rest = @()
for ($i = 0; $i -lt $args.Count; $i++) {
    $arg = [string]$args[$i]
    switch -Regex ($arg) {
        '^(-b|--bin-dir|-t|--tag)$' {
            if ($i + 1 -ge $args.Count) { throw "install.ps1: $arg needs a value; nothing was installed" }
            $i++
            if ($arg -match '^(-b|--bin-dir)$') { $binDir = [string]$args[$i] } else { $tag = [string]$args[$i] }
        }
        '^--bin-dir=' { $binDir = $arg.Substring(10) }
        '^--tag=' { $tag = $arg.Substring(6) }
        '^--no-setup$' { $setup = $false }
        default { $rest += $arg }
    }
}
$version = ''
if ($tag) {
    $version = $tag.TrimStart('v')
    if ($version -notmatch '^[0-9A-Za-z.+-]+$') { throw "install.ps1: --tag ${tag}: not a version (such as 1.2.0); nothing was installed" }
    $tag = "v$version"
}
$releaseUrl = "$releases/latest/download"
if ($env:CCC_HOOKS_RELEASE_URL) { $releaseUrl = $env:CCC_HOOKS_RELEASE_URL.TrimEnd('/') }
if ($tag -and $releaseUrl.EndsWith('/latest/download')) {
    $releaseUrl = $releaseUrl.Substring(0, $releaseUrl.Length - '/latest/download'.Length) + "/download/$tag"
}
$binDir = [IO.Path]::GetFullPath($binDir)
$target = Join-Path $binDir 'ccc-hooks.exe'

# Refuse says why nothing was installed and stops (throw, not exit: under `iex` exit would close
# the user's PowerShell).
function Refuse([string]$why) {
    $state = 'nothing was installed'
    if (Test-Path -LiteralPath $target) { $state = "nothing was installed; $target is unchanged" }
    throw "install.ps1: $why`ninstall.ps1: $state"
}

# Fetch downloads $url into $file, trying up to $tries times (a connection cut short, a server
# that does not answer), and says each retry; Invoke-WebRequest shows its own progress. An HTTP
# error is the server's answer, and is not asked again. On failure it refuses, naming what was
# tried.
function Fetch([string]$url, [string]$file) {
    $name = Split-Path -Leaf $url
    for ($try = 1; ; $try++) {
        try {
            Invoke-WebRequest -UseBasicParsing -TimeoutSec 60 -Uri $url -OutFile $file
            return
        }
        catch {
            $why = $_.Exception.Message
            $status = $null
            if ($_.Exception.PSObject.Properties['Response'] -and $_.Exception.Response) { $status = $_.Exception.Response.StatusCode }
            if ($status -or $try -ge $tries) {
                if ($try -gt 1) { $why = "tried $try times; the last try: $why" }
                Refuse "could not download ${url}: $why"
            }
            Write-Host "  ${name}: $why; trying again ($($try + 1) of $tries)"
            Start-Sleep -Seconds $try
        }
    }
}

# CheckChecksums refuses a checksums.txt that is not one (an HTML page from a captive portal or a
# wrong URL, say), naming what is wrong with it.
function CheckChecksums([string]$file) {
    $from = "$releaseUrl/checksums.txt"
    $lines = @(Get-Content -LiteralPath $file)
    $first = ($lines | Where-Object { $_.Trim() } | Select-Object -First 1)
    if (-not $first) { Refuse "$from is empty: it should list the sha256 of each archive" }
    $shown = $first.Trim()
    if ($shown.Length -gt 60) { $shown = $shown.Substring(0, 60) }
    if ($first.TrimStart().StartsWith('<')) {
        Refuse "$from is an HTML page, not a list of checksums (it begins `"$shown`"): a network that asks you to log in (a captive portal), a proxy, or a wrong CCC_HOOKS_RELEASE_URL answered in its place; open any web page to log in, or check the URL, then run this again"
    }
    for ($n = 0; $n -lt $lines.Count; $n++) {
        if ($lines[$n] -and $lines[$n] -notmatch '^[0-9a-f]{64} [ *][^ ]+$') {
            $text = $lines[$n]
            if ($text.Length -gt 60) { $text = $text.Substring(0, 60) }
            Refuse "$from is not a list of checksums: its line $($n + 1) reads `"$text`" where `"<sha256>  <archive>`" belongs"
        }
    }
}

# PathNote says how to put the binary's folder on PATH, when it is not.
function PathNote {
    $userPath = [Environment]::GetEnvironmentVariable('Path', 'User')
    if (-not (($env:Path + ';' + $userPath) -split ';' | Where-Object { $_.TrimEnd('\') -eq $binDir })) {
        Write-Host "Note: $binDir is not on your PATH; to add it for new shells, run:"
        Write-Host "  [Environment]::SetEnvironmentVariable('Path', `"$binDir;`" + [Environment]::GetEnvironmentVariable('Path', 'User'), 'User')"
    }
}

$cpu = $env:PROCESSOR_ARCHITECTURE
if ($env:PROCESSOR_ARCHITEW6432) { $cpu = $env:PROCESSOR_ARCHITEW6432 } # 32-bit PowerShell on 64-bit Windows
$arch = switch ($cpu) {
    'AMD64' { 'amd64' }
    'ARM64' { 'arm64' }
    default { $cpu }
}
$archive = "ccc-hooks_windows_$arch.zip"

# Windows PowerShell 5.1 offers TLS 1.2 only when asked.
[Net.ServicePointManager]::SecurityProtocol = [Net.ServicePointManager]::SecurityProtocol -bor [Net.SecurityProtocolType]::Tls12
$work = Join-Path ([IO.Path]::GetTempPath()) ("ccc-hooks-install." + [Guid]::NewGuid().ToString('N'))
New-Item -ItemType Directory -Path $work | Out-Null
$staged = Join-Path $binDir ".ccc-hooks.new.$PID.exe"
try {
    Write-Host "Downloading $releaseUrl/checksums.txt"
    Fetch "$releaseUrl/checksums.txt" "$work\checksums.txt"
    CheckChecksums "$work\checksums.txt"
    $want = @(Get-Content -LiteralPath "$work\checksums.txt" | ForEach-Object {
            $hash, $name = -split $_
            if ($name -eq $archive -or $name -eq "*$archive") { $hash.ToLowerInvariant() }
        })
    if ($want.Count -eq 0) {
        Refuse "the release has no ccc-hooks for this machine (windows/$arch): $releaseUrl/checksums.txt names no $archive"
    }
    if ($want.Count -ne 1 -or $want[0] -notmatch '^[0-9a-f]{64}$') {
        Refuse "$releaseUrl/checksums.txt holds no single sha256 for $archive"
    }

    Write-Host "Downloading $releaseUrl/$archive"
    Fetch "$releaseUrl/$archive" "$work\$archive"
    $got = (Get-FileHash -Algorithm SHA256 -LiteralPath "$work\$archive").Hash.ToLowerInvariant()
    if ($got -ne $want[0]) {
        Refuse "$archive does not match checksums.txt (sha256 $got, want $($want[0])): the download is damaged or was altered"
    }
    Write-Host "Verified ${archive}: its sha256 is the one checksums.txt gives"
    try { Expand-Archive -LiteralPath "$work\$archive" -DestinationPath "$work\x" }
    catch { Refuse "could not unpack ${archive}: $($_.Exception.Message)" }
    if (-not (Test-Path -LiteralPath "$work\x\ccc-hooks.exe" -PathType Leaf)) { Refuse "$archive holds no ccc-hooks.exe" }

    # A binary that cannot say its version on this machine never replaces the one there.
    $runs = $false
    try { $built = & "$work\x\ccc-hooks.exe" version; $runs = $LASTEXITCODE -eq 0 } catch { $runs = $false }
    if (-not $runs) { Refuse 'the new ccc-hooks.exe does not run on this machine' }
    if ($version -and -not "$built".StartsWith("ccc-hooks $version ")) {
        Refuse "$releaseUrl holds $built, not the version asked for ($version)"
    }
    New-Item -ItemType Directory -Force -Path $binDir | Out-Null
    Copy-Item -LiteralPath "$work\x\ccc-hooks.exe" -Destination $staged
    Move-Item -Force -LiteralPath $staged -Destination $target
    Write-Host "Installed ${target}: $built"
}
finally {
    Remove-Item -Recurse -Force -LiteralPath $work -ErrorAction SilentlyContinue
    Remove-Item -Force -LiteralPath $staged -ErrorAction SilentlyContinue
}
PathNote

if (-not $setup) {
    Write-Host 'Binary only (--no-setup): `ccc-hooks install` was not run, and no settings were changed.'
    Write-Host 'With the Claude Code plugin, that is all it needs; to set up hooks in settings files: ccc-hooks install'
    return
}
$running = "Running: ccc-hooks install $($rest -join ' ')".TrimEnd()
Write-Host $running
& $target install @rest
if ($LASTEXITCODE -ne 0) {
    Write-Host "install.ps1: $target is installed ($built); ``ccc-hooks install`` ended with exit status $LASTEXITCODE, and its message above says what it changed. Run ``ccc-hooks install`` to set up the hooks."
}
# Said again where the run ends: on a small terminal the first note has scrolled away.
PathNote
