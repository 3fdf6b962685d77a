# install.ps1 - the PowerShell twin of install.sh, for Windows without Go:
#   irm https://raw.githubusercontent.com/ccc-hooks/ccc-hooks/main/install.ps1 | iex
#   .\install.ps1 [ccc-hooks install arguments]
# Downloads the release archive for this machine from $env:CCC_HOOKS_RELEASE_URL (default: the
# project's latest release), checks its SHA-256 against the release's checksums.txt, installs
# ccc-hooks.exe into $env:USERPROFILE\.local\bin, then runs `ccc-hooks.exe install` with the
# arguments given here. Anything that fails before the new binary is complete and verified leaves
# that folder as it was.
$ErrorActionPreference = 'Stop'
Set-StrictMode -Version 3.0

$releaseUrl = 'https://github.com/ccc-hooks/ccc-hooks/releases/latest/download'
if ($env:CCC_HOOKS_RELEASE_URL) { $releaseUrl = $env:CCC_HOOKS_RELEASE_URL.TrimEnd('/') }
$binDir = Join-Path $env:USERPROFILE '.local\bin'
$target = Join-Path $binDir 'ccc-hooks.exe'

# Refuse says why nothing was installed and stops (throw, not exit: under `iex` exit would close
# the user's PowerShell).
function Refuse([string]$why) {
    $state = 'nothing was installed'
    if (Test-Path -LiteralPath $target) { $state = "nothing was installed; $target is unchanged" }
    throw "install.ps1: $why`ninstall.ps1: $state"
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
    try { Invoke-WebRequest -UseBasicParsing -Uri "$releaseUrl/checksums.txt" -OutFile "$work\checksums.txt" }
    catch { Refuse "could not download $releaseUrl/checksums.txt: $($_.Exception.Message)" }
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
    try { Invoke-WebRequest -UseBasicParsing -Uri "$releaseUrl/$archive" -OutFile "$work\$archive" }
    catch { Refuse "could not download $releaseUrl/${archive} (cut short, or not there): $($_.Exception.Message)" }
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
    New-Item -ItemType Directory -Force -Path $binDir | Out-Null
    Copy-Item -LiteralPath "$work\x\ccc-hooks.exe" -Destination $staged
    Move-Item -Force -LiteralPath $staged -Destination $target
    Write-Host "Installed ${target}: $built"
}
finally {
    Remove-Item -Recurse -Force -LiteralPath $work -ErrorAction SilentlyContinue
    Remove-Item -Force -LiteralPath $staged -ErrorAction SilentlyContinue
}

$userPath = [Environment]::GetEnvironmentVariable('Path', 'User')
if (-not (($env:Path + ';' + $userPath) -split ';' | Where-Object { $_.TrimEnd('\') -eq $binDir })) {
    Write-Host "Note: $binDir is not on your PATH; to add it for new shells, run:"
    Write-Host "  [Environment]::SetEnvironmentVariable('Path', `"$binDir;`" + [Environment]::GetEnvironmentVariable('Path', 'User'), 'User')"
}

$running = "Running: ccc-hooks install $($args -join ' ')".TrimEnd()
Write-Host $running
& $target install @args
