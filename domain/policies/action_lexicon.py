"""English and Chinese word lists behind :mod:`caseledger.domain.policies.action_frames`.

Every entry maps a surface phrase to a *lexeme*: a kind and a canonical value. Kinds:

``op``       an operation (``restart``, ``reset``, ``update``, ``rollback`` ...); ``weak`` ops
             (``use``, ``try``) only count when the clause has no other operation
``obj``      a thing acted on (``router``, ``app``); a *head* object (``cache``, ``driver``,
             ``firmware`` ...) is completed by the object in front of it (``browser cache`` ->
             ``browser.cache``); a *context* object (``settings``, ``device manager``) only says
             where to do something and is never the object of the action
``q``        a qualifier that changes which action it is (``google`` DNS, ``5ghz`` band,
             ``latest`` or ``previous`` version, ``factory`` reset, ``other`` card)
``pv``/``part``  a particle verb and its particle (``turn`` ... ``off``, ``log`` ... ``in``)
``split``    a clause boundary (``and then``, ``然后``, ``后``)
``neg``      negates what follows (``don't``, ``不要``); ``instead`` drops what follows
             (``instead of``, ``代替``)
``pron``     a pronoun standing for the previous object (``it``, ``them``)
``stop``     a word that carries no action (articles, politeness, adverbs)

The lists are deliberately about *support actions*: the verbs and objects that troubleshooting
steps are made of. A word not listed is "unknown"; the parser treats a clause whose object slot
holds an unknown word as not understood, so similarity (not a guess) decides it.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "CONTEXT_OBJECTS",
    "DEFAULT_OBJECTS",
    "EN_LEXICON",
    "HEAD_OBJECTS",
    "OBJECT_FAMILIES",
    "SETTABLE_HEADS",
    "PHYSICAL_OBJECTS",
    "STATEFUL_OPS",
    "ZH_LEXICON",
    "Lexeme",
]

Lexeme = tuple[str, str]

# -- English -------------------------------------------------------------------------------

# "canonical: phrase, phrase ..." — the verb of each phrase is inflected automatically (the
# first word, or the word marked with "*"): "restart" also gives restarts/restarted/restarting.
_EN_OPS = """
restart: restart, reboot, power cycle*, power-cycle, relaunch, force restart, hard restart,
    soft reset, cycle* the power, reopen, bounce
reset: reset, restore, factory reset*, factory-reset
update: update, upgrade, patch, refresh the firmware, flash, reflash, re-flash
rollback: roll* back, revert, downgrade, undo the update, go* back to
readd: reinstall, re-install, readd, re-add, re-pair, repair, relink, re-link, reseat, re-seat,
    re-register, reregister, re-bind, rebind, redownload, re-download
remove: remove, delete, uninstall, cancel, unsubscribe, unpair, un-pair, forget, unlink,
    un-link, take* out, get* rid of,
    eject, pull* out, deregister, unbind
add: add, install, subscribe, resubscribe, enter, re-enter, reenter, type, retype, re-type,
    input, link, bind, register,
    download, set* up, put* back, insert, reinsert, re-insert, sign* up
create: create, generate, make a new, make* a, request a new
clear: clear, empty, flush, purge, erase, clean* out, wipe out, wipe
clean: clean, dust, blow* out, brush, brush* out, wipe* down
check: check, verify, confirm, make* sure, ensure, rule* out, inspect, look* at, look* in,
    look* into,
    look* for, review, test, double-check, see* if, see* whether, find* out, examine, validate,
    look* through, pull* up, bring* up, have* a look, take* a look, have* a look at,
    take* a look at, have* a look in,
    take* a look in
enable: enable, activate, unmute, unblock, whitelist, unlock
disable: disable, deactivate, mute, shut* down, shut* off, power* off, power* down, stop, pause,
    keep* off,
    block, blacklist
allow: allow, grant, permit, give* permission, give* access, approve, authorize, authorise,
    whitelist
deny: revoke, deny, disallow
set: set, change, configure, adjust, modify, edit, point, alter, make,
    choose* a, pick* a, select* a
replace: replace, swap, exchange, borrow
connect: connect, join, reconnect, re-connect, pair, hook* up, plug* into, attach
disconnect: disconnect, detach
move: move, relocate, reposition, place, put, sit, stand, bring, position
charge: charge, recharge, top* up
contact: contact, call, phone up, ring, reach* out to, get* in touch, ask, notify, consult,
    speak* to, speak* with, talk* to, talk* with, get* hold of, phone
calibrate: calibrate, recalibrate, re-calibrate
scan: scan, rescan
close: close, quit, exit, kill, force* close, force* quit, force* stop, swipe* away, end,
    shut, swipe, swipe* up, swipe* closed,
    terminate
open: open, launch, start, load
login: log* on, sign* on, login, logon, signin
logout: logout, logoff, signout
unplug: unplug, un-plug, disconnect the power, pull* the plug, pull* the power, cut* the power,
    kill* the power, pull* the power cord, pull* the power cable, remove* the power,
    cut* power, pull* power
plug_in: plug, re-plug, replug, power* on, power* up
hold: hold, press* and hold, long-press, long* press, press, hold* down, keep* held, keep* pressed,
    keep* holding
nav: go* to, navigate to, visit, tap, click, press* on, select, choose, find, locate, head to,
    follow, pick, hit,
    browse to, go* into, scroll to, open settings, open the settings
free: free* up, make* room, make* space, clear* space, clear* up space, reclaim,
    get* space back, get* back space, get* storage back, get* back storage, recover* space
wait: wait, leave* it, give* it
request: request, apply* for
sync: sync, synchronize, synchronise, resync, re-sync
optimize: optimize, optimise, defragment, defrag, trim
buy: buy, purchase, order
print: print
drain: drain, discharge, bleed* off
increase: increase, raise, extend, lengthen, boost, turn* up, bump* up, maximize, maximise
decrease: decrease, lower, reduce, shorten, dim, turn* down, minimize, minimise, cut* down
"""

_EN_WEAK = """
use: use, try, try* out, go* with, opt* for, prefer, rely on, test with, get, pay* with,
    pay* by, pay* using, pay, keep, leave
run: run, execute, perform, do, carry* out
"""

_EN_OBJECTS = """
router: router, wifi router, wireless router, wi fi router, access point, mesh router, hub
modem: modem, cable modem, dsl modem, gateway, ont, optical modem
computer: computer, pc, laptop, notebook, desktop, mac, macbook, imac, windows pc, workstation,
    machine
phone: phone, iphone, smartphone, mobile, mobile phone, cell phone, cellphone, handset,
    android phone, galaxy, pixel
tablet: tablet, ipad
device: device, devices, gadget
printer: printer, printers, all in one printer, inkjet, laserjet, canon, epson, canon printer,
    epson printer, hp printer, brother printer
headphones: headphones, headphone, headset, earbuds, earbud, earphones, airpods, buds,
    bluetooth headphones, bluetooth headset, bluetooth earbuds, wireless earbuds, the pair,
    ear buds, speaker, bluetooth speaker, jbl, bose, beats, jbl speaker, bose speaker
app: app, apps, application, applications, program, programs, software, outlook, gmail,
    mail app, email app, the app, client, mail client
browser: browser, web browser, chrome, google chrome, firefox, safari, edge, microsoft edge,
    opera, brave
os: os, operating system, ios, android, windows, macos, system software, firmware update,
    ipados, system, phone software, phones software, device software, software update,
    software updates, system update, system updates
cache: cache, caches, cached files, cached data, cached images and files,
    temporary internet files
cookies: cookies, cookie, site data
history: history, browsing history
data: data, app data, storage data, local data
driver: driver, drivers, driver software
firmware: firmware
firmware.update: firmware update, firmware updates, firmware upgrade
bios: bios, uefi, bios firmware, system bios, bios update
password: password, passcode, passphrase, pin
settings: settings, configuration, preferences, config
all.settings: all settings, all the settings, every setting
storage: storage, space, storage space, free space, room, capacity
channel: channel, wifi channel, wireless channel, radio channel
address: address
card: card, credit card, debit card, bank card, payment card, visa, mastercard, amex, cards,
    credit, debit, saved card, card on file
battery: battery, batteries
charger: charger, charging case, charging dock, charging cradle, charging pad, charging stand,
    wireless charger, power adapter, ac adapter, adapter, power supply, charging brick, power brick,
    ac charger, laptop charger,
    wall charger, charging adapter
cable: cable, cables, cord, lead, wire
port: port, socket port, connector
power_outlet: outlet, power outlet, wall outlet, socket, wall socket, power socket, power strip,
    power point, mains socket, electrical outlet
power_button: power button, power key, power switch, on off button, side button
wifi: wifi, wi fi, wlan, wireless, wireless connection, wifi connection
wifi_network: network, wifi network, wireless network, ssid, saved network, hotspot,
    wi fi network,
    band
bluetooth: bluetooth, bt
vpn: vpn, proxy, vpn connection
dns: dns, dns server, dns servers, dns settings, name server, nameserver, dns address
airplane_mode: airplane mode, aeroplane mode, flight mode
battery_saver: battery saver, low power mode, power saving mode, power saver,
    battery saver mode,
    low power, battery saving mode
isp: isp, internet provider, internet service provider, broadband provider, provider, carrier
bank: bank, card issuer, issuer, issuing bank, bank's fraud team, fraud department,
    number on the back of your card, number on the back of the card, number on your card,
    banks fraud team, bank's customer service, bank's hotline
merchant: merchant, seller, vendor, shop
paypal: paypal
alipay: alipay
apple_pay: apple pay
account: account, accounts, profile, user account
email_account: email account, mail account, mailbox account, email profile
mailbox: mailbox, inbox, email inbox
trash: trash, trash folder, deleted items, deleted items folder, recycle bin, recycling bin,
    trash can, wastebasket, bin
spam_folder: spam folder, junk folder, junk mail folder, spam, junk mail, junk, spam box
print_queue: print queue, printing queue, printer queue, pending jobs, pending job, print jobs,
    print job, spooler, print spooler,
    queued jobs, pending print jobs
ink_cartridge: ink cartridge, ink cartridges, cartridge, cartridges, toner, toner cartridge, ink
paper: paper, tray, paper tray
paper_jam: paper jam, jammed paper, stuck paper, jam, paper stuck
default_printer: default printer
troubleshooter: troubleshooter, troubleshooting tool, diagnostics, diagnostic tool
startup_apps: startup programs, startup apps, startup items, startup applications, startup,
    starting automatically, start automatically, launch automatically, autostart, auto start,
    launching at startup, run at startup, starting at startup,
    login items, apps that launch at startup, programs that start at startup
background_apps: background apps, background programs, background processes,
    background applications, apps running in the background, programs running in the background
disk: disk, hard drive, drive, ssd, hard disk, hdd, c drive, internal storage
malware: malware, virus, viruses, spyware, adware, antivirus, anti virus, antivirus software,
    defender, windows defender, windows security, microsoft defender
ram: ram, memory, memory sticks, memory stick, ram modules, memory modules, dimm, ram stick,
    ram sticks, memory module
power_plan: power plan, power mode, performance mode, power profile
2fa: 2fa, two factor authentication, two factor, two step verification, mfa,
    2 step verification,
    multi factor authentication, two factor auth, 2sv
backup_code: backup code, backup codes, recovery code, recovery codes
caps_lock: caps lock, capslock, caps
clock: clock, time, date and time, time zone, date
permission: permission, permissions, access
camera: camera
microphone: microphone, mic
location: location, location services, gps
notifications: notifications, notification, push notifications
extensions: extensions, extension, add ons, addons, add on, plugins, plug ins, plugin,
    ad blocker, adblocker, ad blockers, content blocker, content blockers
incognito: incognito, incognito mode, incognito window, private window, private browsing,
    private browser window, private browser, incognito tab, private browsing mode,
    private browsing window, private mode, inprivate, inprivate window, private tab
sync: sync, syncing, synchronization, auto sync, sync email, email sync, mail sync
username: username, user name, login name, user id
email: email, emails, mail, messages, message
refund: refund, money back
replacement: replacement, exchange
subscription: subscription, plan, membership
compass: compass
brightness: brightness, screen brightness, display brightness
screen: screen, display, monitor
keyboard_layout: keyboard layout, input language, keyboard language, input method
hardware_acceleration: hardware acceleration
ipv6: ipv6
ip_address: ip address, ip lease, ip
smc: smc, system management controller
nvram: nvram, pram
mobile_data: mobile data, cellular data, cellular, data plan, 4g, 5g data, lte
ethernet: ethernet, wired connection, lan, wired
ethernet.cable: network cable, ethernet cable, lan cable, patch cable, ethernet cord
internet: internet, internet connection, connection, connectivity, online
update: update, updates, latest update, pending updates
link: link, verification link
password_reset: password reset, password reset link, reset link, password reset email,
    reset email, forgot password link, forgot password
outage: outage, service outage
power: power, mains
power.cable: power cable, power cord, power lead, mains cable
compass_app: maps app, maps
firewall: firewall
focus: focus, focus mode, do not disturb, dnd
test_page: test page
files: files, file, photos, photo, pictures, picture, videos, video, documents, downloads,
    media,
    temp files
card.details: card details, card number, expiry date, expiration date, expiry, security code,
    cvv,
    cvc, cvv code, card information, card info
line: line, phone line, cable line
residual_power: residual power, flea power, static charge, residual charge, leftover charge,
    leftover power, remaining charge, stored charge
payment: payment, transaction, transactions, purchase, charge attempt, payments
dirt: dust, lint, debris, dirt, fluff, gunk, grime
reset_button: reset button, reset key, reset pin, reset hole
tv: tv, television, smart tv, tv set
streaming_stick: fire tv stick, fire stick, firestick, fire tv, roku, chromecast, streaming stick,
    streaming device, apple tv
console: game console, console, nintendo switch, xbox, playstation, ps5, ps4
hdmi.cable: hdmi cable, hdmi cord, hdmi lead
battery_optimization: battery optimization, battery optimisation, battery optimizations,
    battery usage optimization, optimize battery usage
private_address: private address, private wifi address, private wi fi address, random mac,
    random mac address, randomized mac, mac randomization, random hardware address,
    private mac address
visual_effects: visual effects, animations, animation effects, transparency effects, animation
focused_inbox: focused inbox, focused other, focused other split, focused and other,
    focused tab, focused view
phone_number: phone number, mobile number, cell number, cellphone number, phone no
verification_code: verification code, verification codes, sms code, text code, login code,
    one time code, one time password, otp, security code by text, code by text
volume_button: volume button, volume buttons, volume up, volume down, volume key, volume keys
forwarding: forwarding, auto forwarding, auto forward, automatic forwarding, mail forwarding,
    email forwarding, forwarding rule, forwarding rules
auto_reply: auto reply, auto replies, automatic reply, automatic replies, autoreply,
    out of office, out of office reply, vacation responder, vacation reply, away message
"""

_STARTUP_VERBS = ("launch", "start", "run", "open", "load", "boot")
_STARTUP_WHEN = (
    "at startup",
    "on startup",
    "at start up",
    "at boot",
    "on boot",
    "at boot up",
    "on boot up",
    "at login",
    "on login",
    "at log in",
    "at sign in",
    "at logon",
    "with windows",
    "when the computer starts",
    "when windows starts",
    "when the pc starts",
    "when you log in",
    "when you sign in",
    "automatically",
)


def _startup_phrases() -> str:
    """ "launching at boot", "opens on startup", "run when Windows starts": the startup list."""
    forms = sorted(
        {
            f"{form} {when}"
            for verb in _STARTUP_VERBS
            for form in {verb, verb + "s", verb + "ing", "ran" if verb == "run" else verb + "ed"}
            for when in _STARTUP_WHEN
        }
    )
    return "startup_apps: " + ", ".join(forms) + "\n"


def _zh_startup_phrases() -> str:
    """ "开机时自动运行的程序", "启动时自启的软件": every "when it boots" x "starts by itself" x
    "the programs" of the Chinese startup list."""
    when = ("开机", "开机时", "开机的时候", "启动时", "电脑启动时", "开机后")
    starts = ("自动运行", "自动启动", "自启动", "自启", "自动打开", "自动开启", "启动", "运行")
    what = ("", "的程序", "的软件", "的应用", "项", "的项目")
    forms = sorted({f"{w}{s}{t}" for w in when for s in starts for t in what})
    return "startup_apps: " + ", ".join(forms) + "\n"


# Objects that need the object in front of them: "browser cache" -> "browser.cache".
HEAD_OBJECTS = frozenset(
    {
        "cache",
        "cookies",
        "history",
        "data",
        "driver",
        "firmware",
        "password",
        "settings",
        "storage",
        "channel",
        "address",
        "permission",
        "troubleshooter",
        "cable",
        "port",
        "extensions",
        "sync",
        "update",
    }
)

# Objects that can complete a head ("wifi" + "driver" -> "wifi.driver"); others are not owners.
_OWNER_WORDS = """
browser: browser, web browser, chrome, google chrome, firefox, safari, edge
app: app, application, the app, apps
dns: dns
battery: battery
wifi: wifi, wi fi, wireless, wlan, network adapter, wireless adapter, wifi adapter,
    wi fi adapter,
    wireless network, wifi network, wi fi network,
    wi fi card, wireless network card,
    wireless network adapter, network card, wireless card, wlan card
bluetooth: bluetooth, bt
printer: printer
graphics: graphics, gpu, graphics card, video card, nvidia, amd
router: router
modem: modem
network: network, internet
email: email, mail, mailbox
billing: billing
shipping: shipping, delivery
charging: charging, usb c, usb, lightning, charge
ethernet: ethernet, lan, network cable, patch
power: power
phone: phone
disk: disk, hard drive, drive, c drive
icloud: icloud
camera: camera
microphone: microphone, mic
location: location
bios: bios
os: os, operating system, ios, android, windows, macos, system software, ipados, system, software
audio: audio, sound
touchpad: touchpad, trackpad
"""

# Never the object of an action: only where to do it ("in Device Manager", "on the website").
CONTEXT_OBJECTS = frozenset({"where", "device_manager"})

_EN_CONTEXT = """
device_manager: device manager, devices and printers
where: task manager, settings app, system settings, control panel,
    command prompt, terminal, powershell, app store, play store, google play, store,
    admin page, admin panel, web interface, website, site, page, menu, screen settings,
    account settings, system preferences, sign in page, login page, sign in screen,
    login screen,
    checkout page, checkout, properties, dashboard, manufacturer, support site, web page,
    status page, browser settings, phone settings, wallet, accounts page, profile page,
    back cover, front cover, access door, performance options, printers scanners,
    printers and scanners
"""

_EN_QUALIFIERS = """
google: 8.8.8.8, 8.8.4.4, google, public dns
cloudflare: 1.1.1.1, 1.0.0.1, cloudflare
auto: automatic, automatically, auto, obtain automatically, dhcp
2.4ghz: 2.4 ghz, 2.4ghz, 2.4 g, 2.4g, 2.4 gigahertz
5ghz: 5 ghz, 5ghz, 5 g band, 5g band, 5 gigahertz
latest: latest, newest, most recent, new version, current version, up to date
previous: previous, older, earlier, prior, last working, previous version, old version
factory: factory, factory settings, factory defaults, default settings, defaults,
    original settings, factory state, out of box state, out of the box state, out-of-box state
other: different, another, other, alternative, alternate, second, spare, separate, backup,
    new, brand new
same_network: same network, same wifi, same wi fi, same wlan, same wireless, same router,
    same hotspot, same wireless network, same wifi network, same wi fi network, same home network,
    same local network, same lan
high_performance: high performance, best performance, maximum performance, ultimate performance
balanced: balanced, power saver plan
push: push
closer: closer, nearer, near, close to, next to, within a few feet, within range, within reach
health: health, condition, battery health, wear level, battery report, worn, worn out, wear,
    degraded, degradation, battery wear
apple: apple id, icloud, apple account
google_account: google account, gmail account
microsoft: microsoft account, outlook account
on: on, enabled, active, turned on, switched on, activated
off: off, disabled, inactive, turned off, switched off, deactivated
safe_mode: safe mode
default: default, as default, the default, as the default
discoverable: discoverable, visible to other devices, visibility, discovery mode,
    make visible
uncrowded: less crowded, less busy, less congested, least crowded, least busy, least congested,
    quieter, clearer, uncrowded, less used, less interference
"""

# Apps users name without saying "app": canonical name -> spellings (English and Chinese).
_NAMED_APPS: dict[str, tuple[str, ...]] = {
    "spotify": ("spotify",),
    "zoom": ("zoom",),
    "instagram": ("instagram", "ins"),
    "facebook": ("facebook",),
    "messenger": ("messenger",),
    "tiktok": ("tiktok", "抖音"),
    "meituan": ("meituan", "美团"),
    "jd": ("京东",),
    "pinduoduo": ("pinduoduo", "拼多多"),
    "weibo": ("weibo", "微博"),
    "xiaohongshu": ("xiaohongshu", "小红书"),
    "eleme": ("饿了么",),
    "didi": ("didi", "滴滴"),
    "netflix": ("netflix",),
    "youtube": ("youtube",),
    "teams": ("microsoft teams",),
    "slack": ("slack",),
    "telegram": ("telegram",),
    "discord": ("discord",),
    "skype": ("skype",),
    "snapchat": ("snapchat",),
    "wechat": ("wechat", "微信"),
    "qq": ("qq",),
    "dingtalk": ("dingtalk", "钉钉"),
    "taobao": ("taobao", "淘宝"),
}

# Objects whose qualifier is folded into the object itself: "apple id" is an account.
_QUALIFIED_OBJECTS: dict[str, tuple[str, str]] = {
    "google dns": ("dns", "google"),
    "google public dns": ("dns", "google"),
    "googles dns": ("dns", "google"),
    "cloudflare dns": ("dns", "cloudflare"),
    "cloudflares dns": ("dns", "cloudflare"),
    "谷歌dns": ("dns", "google"),
    "谷歌公共dns": ("dns", "google"),
    "apple id": ("account", "apple"),
    "apple account": ("account", "apple"),
    "icloud": ("account", "apple"),
    "icloud account": ("account", "apple"),
    "google account": ("account", "google"),
    "gmail account": ("account", "google"),
    "microsoft account": ("account", "microsoft"),
    "outlook account": ("account", "microsoft"),
    "icloud storage": ("storage", "icloud"),
    # named apps: still "the app", never another named app
    **{
        f"{name} {kind}": ("app", f"name:{name.replace(' ', '')}")
        for name in ("vpn", "whatsapp", "outlook", "gmail")
        for kind in ("app", "application", "client", "software", "program")
    },
    "whatsapp": ("app", "name:whatsapp"),
    "outlook": ("app", "name:outlook"),
    "gmail": ("app", "name:gmail"),
    # well-known apps named without their kind ("update Spotify", "把微信关掉"): the app, by name
    **{
        f"{name}{kind}": ("app", f"name:{canonical}")
        for canonical, names in _NAMED_APPS.items()
        for name in names
        for kind in ("", " app", " application", " client", "应用", "软件", "APP")
        if not (kind and kind.isascii()) or name.isascii()
    },
}

_EN_STRUCTURE: dict[str, Lexeme] = {
    # clause boundaries
    "and then": ("split", ""),
    "then": ("split", ""),
    "after that": ("split", ""),
    "afterwards": ("split", ""),
    "after": ("split", ""),
    "before": ("split", ""),
    "followed by": ("split", ""),
    "once": ("split", ""),
    "next": ("split", ""),
    "finally": ("split", ""),
    "also": ("split", ""),
    "plus": ("split", ""),
    "or": ("or", ""),
    "and": ("and", ""),
    "&": ("and", ""),
    "to": ("to", ""),
    "so that": ("sub", ""),
    # "... so it starts like a fresh install", "so all mail shows in one list": an outcome
    # with a pronoun subject is what the step achieves, not a step ("so the mailbox has room"
    # stays: it says what the step is for)
    **{f"so {subject}": ("sub", "") for subject in (
        "it", "it's", "its", "they", "they're", "you", "you're", "all", "everything", "nothing",
        "there",
    )},
    "in order to": ("to", ""),
    "by": ("by", ""),
    "via": ("by", ""),
    "using": ("by", ""),
    "with": ("prep", ""),
    "in": ("loc", ""),
    "on": ("part", "on"),
    "off": ("part", "off"),
    "out": ("part", "out"),
    "back": ("part", "back"),
    "up": ("part", "up"),
    "down": ("part", "down"),
    "into": ("prep", ""),
    "onto": ("prep", ""),
    "from": ("loc", ""),
    "for": ("prep", ""),
    "of": ("prep", ""),
    "at": ("loc", ""),
    "under": ("loc", ""),
    "inside": ("loc", ""),
    "through": ("loc", ""),
    "within": ("loc", ""),
    "as": ("prep", ""),
    "such as": ("example", ""),
    "like": ("example", ""),
    "e.g": ("example", ""),
    "eg": ("example", ""),
    "for example": ("example", ""),
    "for instance": ("example", ""),
    "say": ("example", ""),
    ">": ("stop", ""),
    "if": ("sub", ""),
    "when": ("sub", ""),
    "whenever": ("sub", ""),
    "because": ("sub", ""),
    "since": ("sub", ""),
    "unless": ("sub", ""),
    "until": ("sub", ""),
    "while": ("split", ""),
    "without": ("without", ""),
    # negation
    "don't": ("neg", ""),
    "dont": ("neg", ""),
    "do not": ("neg", ""),
    "never": ("neg", ""),
    "avoid": ("neg", ""),
    "no need to": ("neg", ""),
    "not": ("not", ""),
    "isn't": ("not", ""),
    "isnt": ("not", ""),
    "aren't": ("not", ""),
    "arent": ("not", ""),
    "no": ("not", ""),
    "rather than": ("instead", ""),
    "instead of": ("instead", ""),
    "in place of": ("instead", ""),
    "instead": ("stop", ""),
    "let": ("causative", ""),
    "have": ("causative", ""),
    "just": ("stop", ""),
    # repetition and hedging that carry no action ("once more" is not the clause break "once")
    "once more": ("stop", ""),
    "one more time": ("stop", ""),
    "one more try": ("stop", ""),
    "one of your": ("stop", ""),
    "one of the": ("stop", ""),
    "go ahead and": ("stop", ""),
    "a fresh copy": ("pron", ""),
    "a new copy": ("pron", ""),
    "a clean copy": ("pron", ""),
    "try again": ("stop", ""),
    "try it again": ("stop", ""),
    "and try again": ("stop", ""),
    "retry": ("stop", ""),
    **{phrase: ("stop", "") for phrase in (
        "try the payment again", "try paying again", "retry the payment", "pay again",
        "try the purchase again", "retry the purchase", "try the transaction again",
    )},
    "that": ("rel", ""),
    "which": ("rel", ""),
    "who": ("rel", ""),
    "where": ("rel", ""),
    # pronouns
    "it": ("pron", ""),
    "them": ("pron", ""),
    "one": ("pron", ""),
    "a new one": ("pron", ""),
    "this": ("stop", ""),
    # particle verbs: the particle decides the op
    "turn": ("pv", "turn"),
    "turns": ("pv", "turn"),
    "turned": ("pv", "turn"),
    "turning": ("pv", "turn"),
    "switch": ("pv", "switch"),
    "switches": ("pv", "switch"),
    "switching": ("pv", "switch"),
    "switched": ("pv", "switch"),
    "toggling": ("pv", "toggle"),
    "toggled": ("pv", "toggle"),
    "rolling": ("pv", "roll"),
    "rolled": ("pv", "roll"),
    "powered": ("pv", "power"),
    "take": ("pv", "take"),
    "takes": ("pv", "take"),
    "took": ("pv", "take"),
    "taking": ("pv", "take"),
    "toggle": ("pv", "toggle"),
    "flip": ("pv", "switch"),
    "flips": ("pv", "switch"),
    "flipped": ("pv", "switch"),
    "flipping": ("pv", "switch"),
    "log": ("pv", "log"),
    "logging": ("pv", "log"),
    "logged": ("pv", "log"),
    "sign": ("pv", "sign"),
    "signing": ("pv", "sign"),
    "signed": ("pv", "sign"),
    "plug": ("pv", "plug"),
    "plugging": ("pv", "plug"),
    "plugged": ("pv", "plug"),
    "power": ("pv", "power"),
    "powering": ("pv", "power"),
    "roll": ("pv", "roll"),
}

_EN_STOP = """
the a an your you youre you're my our their its his her this these those that please kindly
just simply now first again also quickly gently carefully firmly securely completely fully
properly manually briefly fresh all any some every each is are be been being was were will would
can could should might may must need needs let lets let's i we me us they he she here there
what which who whom whose how then so very too still even yet try to see whether
about around approx approximately roughly few couple of seconds second minutes minute min mins
hours hour s sec secs times time once twice again maybe perhaps now immediately right away
option button icon tab toggle switch slider entry entries item items list menu screen section
page field box built built-in builtin in-built entire whole everything anything something
sure suggest suggestion recommend recommended id i'd you'd we'd could you would you mind kindly
one's own etc e.g eg i.e ie have has had do does did done get got it's its bit little
is currently currently same saved stored existing version versions server servers pending available
outstanding old big huge bigger biggest larger largest heavy unused unnecessary unneeded large
full complete temporary
more ahead away two three four five six seven eight nine ten fifteen twenty thirty forty fifty
sixty ninety half several moment moments quick
"""

# -- Chinese -------------------------------------------------------------------------------

_ZH_OPS = """
restart: 重启, 重新启动, 重开, 重新开机, 断电重启, 重新打开, 重启一下, 重新开启, 强制重启,
    关机再开机, 关机后再开机, 关机重启, 开关一下, 开关机
reset: 重置, 还原, 恢复出厂, 恢复出厂设置, 初始化, 恢复默认, 复位
update: 更新, 升级, 安装最新, 装最新, 刷新固件, 升到
rollback: 回滚, 退回, 回退, 降级, 还原到上一个版本, 退回到, 恢复到上一个版本
readd: 重新安装, 重装, 重新装, 再装,
    重新添加, 重新绑定, 重新绑, 重新配对, 重新下载, 重新插拔, 重新插上,
    重新设置, 重新注册, 重新关联
remove: 删除, 删掉, 取消, 移除, 去掉, 卸载, 卸掉,
    取消配对, 忽略, 忘记, 忘掉, 忘了, 解绑, 拿掉, 取出, 拔出, 注销, 删了,
    拆下, 拆下来, 拆掉, 卸下, 卸下来, 拽出, 拽出来, 拉出来, 抽出, 抽出来, 取出来, 扯出来
add: 添加, 绑定, 加入, 安装, 下载, 装, 输入,
    填写, 装上, 插入, 注册, 加装, 新增, 插回, 添加回来, 加回来, 输, 敲
create: 创建, 生成, 新建, 申请一个
clear: 清除, 清理, 清空, 清掉, 删除缓存, 刷新, 清, 清一下, 清一清
clean: 清洁, 擦拭, 除尘, 吹一吹
check: 检查, 确认, 核对, 排除, 查看, 看看, 看一下, 检测, 确保, 看一看, 留意, 查一下, 查查,
    核实, 找找, 去看
enable: 开启, 打开, 启用, 启动, 开通, 激活, 开, 打开一下, 允许, 开机, 打开电源
disable: 关闭, 关掉, 禁用, 停用, 关, 关上, 暂停, 屏蔽, 关机, 关闭电源
allow: 授权, 授予, 放行, 批准, 同意
deny: 撤销, 拒绝, 收回
set: 设置, 设为, 设成, 设置成, 设置为, 改成, 改为, 修改, 更改, 改, 调整, 切换, 切到, 配置, 调成,
    调到, 设定
replace: 更换, 换, 换一个, 换一张, 换个, 换张, 替换, 换用, 换一根, 换根
connect: 连接, 连上, 加入, 接入, 连, 配对, 重连, 重新连接, 再连接
disconnect: 断连, 断开, 断开连接
move: 移动, 挪, 挪到, 放到, 放在, 移到, 靠近, 摆放, 放置, 调整位置, 搬到, 放回, 放进, 放入
charge: 充电, 充满, 充满电, 充, 充一会儿, 充一下
contact: 联系, 致电, 打电话给, 打给, 咨询, 询问, 联络, 拨打, 问一下, 问问, 打电话问
calibrate: 校准, 重新校准
scan: 扫描, 杀毒, 查杀, 全盘扫描
close: 强制关闭, 强行停止, 强制停止, 退出, 结束, 划掉, 杀掉, 强制退出, 关闭应用, 结束运行
nav: 打开设置, 进入, 前往, 点击, 点, 选择, 去, 找到
login: 登录, 登陆, 重新登入, 登进, 重新登录
logout: 退出登录, 登出, 注销登录, 退出账号, 退出账户, 登出账号
unplug: 拔掉, 拔下, 拔出电源, 断电, 拔掉电源, 拔电, 拔下电源, 切断电源, 拔, 拔了
plug_in: 插上, 插好, 插回去, 插上电源, 通电, 重新插上电源, 插到, 插进, 接到
hold: 长按, 按住, 按下, 按
free: 释放, 腾出, 清理出, 腾空
wait: 等待, 等, 过, 稍等
request: 申请, 要求, 获取, 重新获取, 重发, 重新发送, 发送
sync: 同步, 重新同步
optimize: 优化, 碎片整理, 整理碎片
buy: 购买, 买
print: 打印
drain: 放电, 放掉, 泄掉, 耗尽
increase: 调高, 提高, 增加, 延长, 调大, 调亮
decrease: 调低, 降低, 减少, 缩短, 调小, 调暗
"""

_ZH_WEAK = """
use: 使用, 用, 改用, 尝试, 换成, 通过, 借助, 利用
run: 运行, 执行, 进行, 做一次, 做一下
"""

_ZH_OBJECTS = """
router: 路由器, 路由, 无线路由器, 无线路由
modem: 光猫, 猫, 调制解调器, 宽带猫
computer: 电脑, 笔记本, 笔记本电脑, 计算机, 台式机, 主机, 此电脑, 这台电脑
phone: 手机, 苹果手机, 安卓手机, 移动电话
tablet: 平板, 平板电脑
device: 设备, 装置
printer: 打印机
headphones: 耳机, 蓝牙耳机, 无线耳机, 耳塞, 音箱, 蓝牙音箱
app: 应用, 应用程序, 软件, 程序, 客户端, APP
browser: 浏览器
os: 系统, 操作系统, 手机系统
cache: 缓存, 缓存文件
cookies: COOKIE, 网站数据
history: 历史记录, 浏览记录, 历史
data: 数据, 应用数据
driver: 驱动, 驱动程序
firmware: 固件
password: 密码
settings: 设置
all.settings: 所有设置, 全部设置, 所有的设置
storage: 存储空间, 空间, 存储, 内存空间, 储存空间
channel: 信道
address: 地址
card: 银行卡, 信用卡, 借记卡, 卡, 卡片
battery: 电池
charger: 充电器, 电源适配器, 适配器, 充电头, 充电盒, 充电仓, 充电座, 无线充电器, 插头
cable: 线, 线缆
charging.cable: 数据线, 充电线
charging.port: 充电口, 充电接口, 充电孔, 接口
ethernet.cable: 网线
power.cable: 电源线, 电源
port: 口
power_outlet: 插座, 插排, 插线板, 电源插座
power_button: 电源键, 开机键, 电源按钮, 开关键, 侧边键, 侧键, 侧边按钮
wifi: WIFI, 无线网, 无线网络, 无线
wifi_network: 网络, 无线网络, WIFI网络, 热点
bluetooth: 蓝牙
vpn: VPN, 代理
dns: DNS, DNS服务器
airplane_mode: 飞行模式
battery_saver: 省电模式, 低电量模式, 低电耗模式
isp: 运营商, 宽带运营商, 网络服务商, 宽带服务商, 宽带客服, 服务商
bank: 银行, 发卡行, 开户行, 银行客服
merchant: 商家, 卖家, 店家, 商户
paypal: PAYPAL
alipay: 支付宝
account: 账号, 账户, 帐号, 帐户
email_account: 邮箱账户, 邮箱账号, 邮件账户, 邮件账号
mailbox: 邮箱
trash: 回收站, 废纸篓, 已删除邮件, 已删除
spam_folder: 垃圾邮件, 垃圾邮件文件夹, 垃圾箱
print_queue: 打印队列, 打印任务, 打印作业, 等待打印的任务, 待打印的任务, 打印中的任务,
    排队的打印任务, 队列
ink_cartridge: 墨盒, 硒鼓, 墨水
paper_jam: 卡纸, 卡住的纸, 夹着的纸, 夹住的纸, 卡着的纸, 卡住的纸张, 夹纸
troubleshooter: 疑难解答, 故障排除, 诊断
startup_apps: 开机启动项, 启动项, 开机自启, 自启动, 开机自动运行的程序, 开机自启动,
    开机自动启动, 开机自动运行, 开机启动, 开机自动打开, 自动启动
background_apps: 后台程序, 后台应用, 后台, 后台运行的程序
disk: 磁盘, 硬盘, C盘, 固态硬盘
malware: 病毒, 恶意软件, 木马, 杀毒软件, 安全软件
ram: 内存, 内存条
power_plan: 电源计划, 电源模式, 性能模式
2fa: 双重验证, 两步验证, 二次验证, 双重认证, 双因素认证, 两步验证码
backup_code: 备用验证码, 恢复码, 备用码
caps_lock: 大写锁定, 大写锁定键, CAPS LOCK
clock: 时间, 日期和时间, 时钟
permission: 权限
camera: 相机, 摄像头
extensions: 扩展, 插件, 扩展程序
incognito: 无痕模式, 无痕窗口, 隐私窗口, 隐身模式, 隐私模式, 无痕浏览
sync: 同步
username: 用户名
email: 邮件, 邮件们, 旧邮件
refund: 退款
replacement: 换货
compass: 指南针
brightness: 亮度, 屏幕亮度
hardware_acceleration: 硬件加速
focus: 勿扰模式, 专注模式
mobile_data: 流量, 手机流量, 移动数据, 蜂窝数据
ethernet: 有线
internet: 网络连接, 联网, 网
update: 更新
link: 链接
residual_power: 残余电量, 残留电量, 余电, 剩余电量, 余电量
outage: 故障, 区域故障, 断网, 停机, 网络故障
line: 线路, 线材
position: 位置, 地方, 摆放位置
files: 照片, 视频, 文件, 临时文件
card.details: 卡号, 有效期, 安全码, 到期日, CVV, CVC
payment: 交易, 付款, 支付, 这笔付款, 这笔交易, 扣款
dirt: 灰尘, 杂物, 脏东西, 碎屑, 毛絮
reset_button: RESET键, 复位键, 重置键, RESET按钮, 复位孔
band: 频段
tv: 电视, 电视机, 智能电视
console: 游戏机
hdmi.cable: HDMI线, HDMI线缆
battery_optimization: 电池优化, 省电优化
private_address: 私有地址, 私有WIFI地址, 随机MAC, 随机MAC地址, 随机硬件地址
visual_effects: 视觉效果, 动画效果, 动画, 透明效果
location: 定位, 位置信息, 定位服务
focused_inbox: 重点收件箱, 重点邮件
phone_number: 手机号, 手机号码, 电话号码
verification_code: 验证码, 短信验证码, 动态码, 校验码
volume_button: 音量键, 音量加, 音量减, 音量上键, 音量下键, 音量加键, 音量减键
forwarding: 转发, 自动转发, 邮件转发, 转发规则
auto_reply: 自动回复, 自动答复, 休假回复, 外出回复
"""

_ZH_CONTEXT = """
device_manager: 设备管理器
where: 任务管理器, 控制面板, 路由器后台, 光猫后台, 后台管理页面,
    后盖, 前盖, 盖板, 性能选项, 账号安全,
    命令提示符, 应用商店, 管理页面, 管理后台, 官网, 登录页,
    页面, 设置页面, 设置里, 设置中, 网站, 系统设置, 账户设置, 浏览器设置
"""

_ZH_QUALIFIERS = """
google: 谷歌, 8.8.8.8, 8.8.4.4
cloudflare: 1.1.1.1
auto: 自动, 自动获取
2.4ghz: 2.4G, 2.4GHZ, 2.4G频段
5ghz: 5G频段, 5GHZ, 5G网络
latest: 最新, 最新版, 最新版本, 新版本
previous: 上一个版本, 之前的版本, 旧版本, 上一版本, 早期版本, 之前
factory: 出厂设置, 出厂, 默认设置
other: 另一个, 其他, 别的, 另外一个, 另外, 另外一张, 另外一根, 另外一台,
    另一张, 另一台, 新的, 一根新, 一张新, 一个新
same_network: 同一个网络, 同一个WIFI, 同一个无线网络, 同一网络, 同一个无线网, 同一无线网, 同一个网,
    同一WIFI, 同一个路由器
high_performance: 高性能, 最佳性能
balanced: 平衡
push: 推送, PUSH
closer: 近一点, 附近, 旁边, 靠近
health: 健康, 健康度, 健康状况, 损耗
discoverable: 可被发现, 可见性, 可被检测到, 对附近设备可见, 可被搜索到
on: 开着, 已开启, 打开的
off: 已关闭
"""

_ZH_STRUCTURE: dict[str, Lexeme] = {
    "然后": ("split", ""),
    "之后": ("split", ""),
    "以后": ("split", ""),
    "后": ("split", ""),
    "再": ("split", ""),
    "并": ("split", ""),
    "并且": ("split", ""),
    "接着": ("split", ""),
    "随后": ("split", ""),
    "前": ("split", ""),
    "之前": ("split", ""),
    "以前": ("split", ""),
    "如果": ("sub", ""),
    "直到": ("sub", ""),
    # "这样邮件就不会进垃圾箱": what the step achieves, not a step
    "这样": ("sub", ""),
    "这样就": ("sub", ""),
    "以免": ("sub", ""),
    "最后": ("split", ""),
    "先": ("stop", ""),
    "同时": ("split", ""),
    "以及": ("and", ""),
    "和": ("and", ""),
    "与": ("and", ""),
    "及": ("and", ""),
    "或": ("or", ""),
    "或者": ("or", ""),
    "来": ("to", ""),
    "以便": ("to", ""),
    "以": ("to", ""),
    "从而": ("to", ""),
    "把": ("ba", ""),
    "将": ("ba", ""),
    "给": ("prep", ""),
    "为": ("loc", ""),
    "在": ("loc", ""),
    "从": ("loc", ""),
    "于": ("loc", ""),
    "比如": ("example", ""),
    "例如": ("example", ""),
    "像": ("example", ""),
    "中": ("stop", ""),
    "里": ("stop", ""),
    "上": ("stop", ""),
    "不要": ("neg", ""),
    "别": ("neg", ""),
    "不用": ("neg", ""),
    "无需": ("neg", ""),
    "让": ("causative", ""),
    "不必": ("neg", ""),
    "先别": ("neg", ""),
    "千万别": ("neg", ""),
    "没有": ("not", ""),
    "没": ("not", ""),
    "不": ("not", ""),
    "未": ("not", ""),
    "是否": ("stop", ""),
    "是不是": ("stop", ""),
    "有没有什么": ("stop", ""),
    "有没有": ("stop", ""),
    "代替": ("instead", ""),
    "替代": ("instead", ""),
    "而不是": ("instead", ""),
    "取代": ("instead", ""),
    "它": ("pron", ""),
    "它们": ("pron", ""),
    "其": ("pron", ""),
    "一次": ("stop", ""),
    "的": ("de", ""),
    "再试": ("stop", ""),
    "再试一次": ("stop", ""),
    "重试": ("stop", ""),
    "再支付一次": ("stop", ""),
    "重新支付": ("stop", ""),
    "再付一次": ("stop", ""),
    "重新付款": ("stop", ""),
    "再付款": ("stop", ""),
    "再支付": ("stop", ""),
    "试试看": ("stop", ""),
    "试试": ("trail", ""),
    "试一下": ("trail", ""),
    # what the step is expected to achieve, not a step ("一般就能恢复", "应该就好了")
    "一般就能恢复": ("stop", ""),
    "就能恢复": ("stop", ""),
    "一般就好了": ("stop", ""),
    "应该就好了": ("stop", ""),
    "就好了": ("stop", ""),
    "就能解决": ("stop", ""),
    "一般就能解决": ("stop", ""),
    "通常就能解决": ("stop", ""),
    "一般": ("stop", ""),
    "通常": ("stop", ""),
}

_ZH_STOP = """
的 了 一下 您 你 请 麻烦 建议 帮我 帮忙 帮 麻烦您 劳驾
可以 试试看 尝试一下 吧 呢 吗 啊 这个 那个 这张 那张 这台 该
此 这 那
一个 一张 一根 一台 个 张 根 台 所有 全部 一些 几秒 几秒钟 秒 秒钟 分钟 半分钟 一分钟 下
再次 重新 又
已 已经 就 都 也 还 先 再试 试 看 能否 是否 有没有 一会儿 一会 片刻 几分钟 等到 直接 完全
彻底 手动
正常 正确 是否正确 好 紧 牢 插紧 一遍 里面 里 中 内 上 下面 背面 边 里有没有 没有问题
这封 这封信 信 一次 他们 她们 已保存 保存 保存的 已保存的 现有 所在 区域 等待中 待 所有 任何
就行 即可 成 到 至 对 向 让 使 被 由
起来 回来 卡住 下来 墙上
开关
"""


# -- building the tables -------------------------------------------------------------------

_IRREGULAR: dict[str, tuple[str, ...]] = {
    "shut": ("shuts", "shutting"),
    "set": ("sets", "setting"),
    "reset": ("resets", "resetting"),
    "run": ("runs", "ran", "running"),
    "hold": ("holds", "held", "holding"),
    "make": ("makes", "made", "making"),
    "forget": ("forgets", "forgot", "forgotten", "forgetting"),
    "take": ("takes", "took", "taken", "taking"),
    "put": ("puts", "putting"),
    "buy": ("buys", "bought", "buying"),
    "go": ("goes", "went", "gone", "going"),
    "choose": ("chooses", "chose", "chosen", "choosing"),
    "pay": ("pays", "paid", "paying"),
    "get": ("gets", "got", "gotten", "getting"),
    "give": ("gives", "gave", "given", "giving"),
    "keep": ("keeps", "kept", "keeping"),
    "sit": ("sits", "sat", "sitting"),
    "stand": ("stands", "stood", "standing"),
    "bring": ("brings", "brought", "bringing"),
    "find": ("finds", "found", "finding"),
    "leave": ("leaves", "left", "leaving"),
    "see": ("sees", "saw", "seen", "seeing"),
    "undo": ("undoes", "undid", "undone", "undoing"),
    "download": ("downloads", "downloaded", "downloading"),
    "redownload": ("redownloads", "redownloaded", "redownloading"),
    "free": ("frees", "freed", "freeing"),
    "top": ("tops", "topped", "topping"),
    "log": ("logs", "logged", "logging"),
    "plug": ("plugs", "plugged", "plugging"),
    "unplug": ("unplugs", "unplugged", "unplugging"),
    "stop": ("stops", "stopped", "stopping"),
    "tap": ("taps", "tapped", "tapping"),
    "swap": ("swaps", "swapped", "swapping"),
    "ring": ("rings", "ringing"),
    "bleed": ("bleeds", "bled", "bleeding"),
    "blow": ("blows", "blew", "blown", "blowing"),
    "pull": ("pulls", "pulled", "pulling"),
    "rebind": ("rebinds", "rebound", "rebinding"),
    "dim": ("dims", "dimmed", "dimming"),
    "bind": ("binds", "bound", "binding"),
    "unbind": ("unbinds", "unbound", "unbinding"),
    "begin": ("begins", "began", "beginning"),
}

_VOWELS = frozenset("aeiou")


def _inflections(verb: str) -> set[str]:
    """The base form and its regular (or listed irregular) inflections."""
    forms = {verb}
    if verb in _IRREGULAR:
        forms.update(_IRREGULAR[verb])
        return forms
    if verb.endswith("e"):
        forms.update({verb + "s", verb + "d", verb[:-1] + "ing"})
    elif verb.endswith("y") and len(verb) > 2 and verb[-2] not in _VOWELS:
        forms.update({verb[:-1] + "ies", verb[:-1] + "ied", verb + "ing"})
    elif verb.endswith(("s", "sh", "ch", "x", "z")):
        forms.update({verb + "es", verb + "ed", verb + "ing"})
    else:
        forms.update({verb + "s", verb + "ed", verb + "ing"})
        # Consonant-vowel-consonant endings double the consonant ("unplug" -> "unplugged").
        if (
            len(verb) >= 3
            and verb[-1] not in _VOWELS | {"w", "x", "y"}
            and verb[-2] in _VOWELS
            and verb[-3] not in _VOWELS
        ):
            forms.update({verb + verb[-1] + "ed", verb + verb[-1] + "ing"})
    return forms


def _entries(block: str) -> Iterable[tuple[str, list[str]]]:
    """Parse "canonical: phrase, phrase" lines (continuations are indented)."""
    current: str | None = None
    phrases: list[str] = []
    for raw in block.strip().splitlines():
        line = raw.strip()
        if not line:
            continue
        if not raw.startswith((" ", "\t")) and ":" in line:
            if current is not None:
                yield current, phrases
            head, _, rest = line.partition(":")
            current, phrases = head.strip(), []
            line = rest
        phrases.extend(p.strip() for p in line.split(",") if p.strip())
    if current is not None:
        yield current, phrases


def _en_key(phrase: str) -> str:
    # Same folding the tokenizer applies: lower case, hyphens and apostrophes dropped.
    return " ".join(phrase.casefold().replace("-", " ").replace("'", "").split())


def _verb_forms(phrase: str) -> set[str]:
    """Inflect the starred word of ``phrase`` (the first word when none is starred); in a
    hyphenated word the last part is inflected ("re-install" -> "re-installing")."""
    words = phrase.split()
    index = next((i for i, word in enumerate(words) if "*" in word), 0)
    clean = [word.replace("*", "") for word in words]
    prefix, sep, last = clean[index].rpartition("-")
    out = set()
    for form in _inflections(last):
        out.add(" ".join([*clean[:index], f"{prefix}{sep}{form}", *clean[index + 1 :]]))
    return {_en_key(item) for item in out}


def _build_en() -> dict[str, Lexeme]:
    table: dict[str, Lexeme] = {}
    objects = _EN_OBJECTS + _startup_phrases()
    for word in _EN_STOP.split():
        table[_en_key(word)] = ("stop", "")
    for key, lexeme in _EN_STRUCTURE.items():
        table[_en_key(key)] = lexeme
    for canonical, phrases in _entries(_EN_CONTEXT):
        for phrase in phrases:
            table[_en_key(phrase)] = ("ctx", canonical)
    for canonical, phrases in _entries(objects):
        for phrase in phrases:
            table[_en_key(phrase)] = ("obj", canonical)
    for canonical, phrases in _entries(_OWNER_WORDS):
        for phrase in phrases:
            key = _en_key(phrase)
            kind, value = table.get(key, ("", ""))
            # Owners are objects too; remember the owner name alongside ("obj", "wifi|wifi").
            if kind in ("obj", ""):
                base = value.split("|")[0] if value else canonical
                table[key] = ("obj", f"{base}|{canonical}")
    for phrase, (obj, qual) in _QUALIFIED_OBJECTS.items():
        table[_en_key(phrase)] = ("objq", f"{obj}|{qual}")
    for key, lexeme in _EN_STRUCTURE.items():
        if lexeme[0] == "pv":
            table[_en_key(key)] = lexeme  # "power it off": the particle verb wins over the noun
    for canonical, phrases in _entries(_EN_QUALIFIERS):
        for phrase in phrases:
            table.setdefault(_en_key(phrase), ("q", canonical))
            if _en_key(phrase) in ("on", "off"):
                table[_en_key(phrase)] = ("part", canonical)
    for kind, block in (("weak", _EN_WEAK), ("op", _EN_OPS)):
        for canonical, phrases in _entries(block):
            if canonical == "nav":
                kind = "nav"  # "go to", "tap": where to do it, never the action
            elif block is _EN_OPS:
                kind = "op"
            for phrase in phrases:
                for form in _verb_forms(phrase):
                    # Objects win over ops for nouns that double as verbs ("update", "charge").
                    existing = table.get(form)
                    if existing is not None and existing[0] in ("obj", "pv", "ctx", "q"):
                        table[form] = (f"{kind}/{existing[0]}", f"{canonical}/{existing[1]}")
                    else:
                        table[form] = (kind, canonical)
    return table


def _build_zh() -> dict[str, Lexeme]:
    table: dict[str, Lexeme] = {}
    for word in _ZH_STOP.split():
        table[word.upper()] = ("stop", "")
    table.pop("的", None)
    for key, lexeme in _ZH_STRUCTURE.items():
        table[key.upper()] = lexeme
    for canonical, phrases in _entries(_ZH_CONTEXT):
        for phrase in phrases:
            table[phrase.upper()] = ("ctx", canonical)
    for canonical, phrases in _entries(_ZH_OBJECTS + _zh_startup_phrases()):
        for phrase in phrases:
            table[phrase.upper()] = ("obj", canonical)
    owners = {
        "浏览器": "browser",
        "应用": "app",
        "电池": "battery",
        "无线网卡": "wifi",
        "网卡": "wifi",
        "无线": "wifi",
        "蓝牙": "bluetooth",
        "打印机": "printer",
        "显卡": "graphics",
        "路由器": "router",
        "网络": "network",
        "邮箱": "email",
        "邮件": "email",
        "账单": "billing",
        "收货": "shipping",
        "充电": "charging",
        "电源": "power",
        "手机": "phone",
        "磁盘": "disk",
        "DNS": "dns",
        "相机": "camera",
        "摄像头": "camera",
    }
    for word, owner in owners.items():
        kind, value = table.get(word, ("obj", owner))
        table[word] = ("obj", f"{value}|{owner}") if kind == "obj" else (kind, value)
    table["无线网卡"] = ("obj", "wifi|wifi")
    table["显卡"] = ("obj", "graphics|graphics")
    for canonical, phrases in _entries(_ZH_QUALIFIERS):
        for phrase in phrases:
            table.setdefault(phrase.upper(), ("q", canonical))
    for kind, block in (("weak", _ZH_WEAK), ("op", _ZH_OPS)):
        for canonical, phrases in _entries(block):
            if canonical == "nav":
                kind = "nav"
            elif block is _ZH_OPS:
                kind = "op"
            for phrase in phrases:
                key = phrase.upper()
                existing = table.get(key)
                if existing is not None and existing[0] == "obj":
                    # "设置" is Settings after "在" and "set" before an object.
                    table[key] = (f"{kind}/obj", f"{canonical}/{existing[1]}")
                else:
                    table[key] = (kind, canonical)
    return table


EN_LEXICON: dict[str, Lexeme] = _build_en()
EN_LEXICON["using"] = ("by", "")  # an instrument ("using a toothpick"), not a verb
EN_LEXICON["get"] = ("weak", "use")
ZH_LEXICON: dict[str, Lexeme] = _build_zh()

# Objects an op implies when the text names none ("sign out and sign in again").
DEFAULT_OBJECTS: dict[str, str] = {
    "login": "account",
    "logout": "account",
}

# A generic object stands for any of its members ("restart the device" ~ "restart the phone").
OBJECT_FAMILIES: dict[str, frozenset[str]] = {
    "device": frozenset(
        {
            "phone",
            "computer",
            "tablet",
            "device",
            "headphones",
            "printer",
            "tv",
            "console",
            "streaming_stick",
        }
    ),
}

# Heads whose "update" is a change of value, not a software update ("update your address").
SETTABLE_HEADS = frozenset({"address", "channel", "dns", "username", "power_plan", "clock"})

# Things you plug in or pull out: "disconnect" on these is unplugging, elsewhere disabling.
PHYSICAL_OBJECTS = frozenset(
    {
        "charger",
        "cable",
        "power",
        "modem",
        "router",
        "printer",
        "computer",
        "phone",
        "battery",
        "ram",
        "power_outlet",
        "tv",
        "console",
        "streaming_stick",
    }
)

# "make sure X is on" asks for the state, so it is the op that sets it.
STATEFUL_OPS: dict[str, str] = {
    "on": "enable",
    "off": "disable",
    "charge": "charge",
    "enable": "enable",
    "disable": "disable",
    "allow": "allow",
    "deny": "deny",
}
